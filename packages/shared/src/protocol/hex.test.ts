import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes, isHex } from './hex.js';

describe('hex', () => {
  it('round-trips every byte value, in lower and upper case', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const hex = bytesToHex(all);
    expect(hex).toBe(Buffer.from(all).toString('hex'));
    expect(hexToBytes(hex)).toEqual(all);
    expect(hexToBytes(hex.toUpperCase())).toEqual(all);
  });

  it('recognises only even-length hex', () => {
    expect(isHex('00ff')).toBe(true);
    expect(isHex('0ff')).toBe(false);
    expect(isHex('0g')).toBe(false);
    expect(() => hexToBytes('zz')).toThrowError(TypeError);
  });
});
