import { describe, expect, it } from 'vitest';
import { isXfilePath, xorBytes } from './xor-image.js';

describe('xor image codec', () => {
  it('encodes every byte with the key and decodes back', () => {
    const original = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]);
    const encoded = xorBytes(original, 0x5a);
    expect(Array.from(encoded)).toEqual([0xa5, 0x82, 0xa5, 0xba, 0x5a, 0x4a]);
    expect(xorBytes(encoded, 0x5a)).toEqual(original);
  });

  it('refuses keys outside 0-255', () => {
    expect(() => xorBytes(new Uint8Array(1), 256)).toThrowError(RangeError);
    expect(() => xorBytes(new Uint8Array(1), -1)).toThrowError(RangeError);
    expect(() => xorBytes(new Uint8Array(1), 1.5)).toThrowError(RangeError);
  });

  it.each([
    ['/media/ab/p003_xfile.jpg', true],
    ['/media/ab/p003_xfile.webp?v=2', true],
    ['/media/ab/cover_XFILE.PNG', true],
    ['/media/ab/p003.jpg', false],
    ['/media/ab/p003_xfile.txt', false],
  ])('recognises %s as xfile: %s', (path, expected) => {
    expect(isXfilePath(path)).toBe(expected);
  });
});
