import { describe, expect, it } from 'vitest';
import { compactCount } from './compact-count';

describe('compactCount', () => {
  it('keeps small counts whole and shortens large ones to k and w (万)', () => {
    expect(compactCount(0)).toBe('0');
    expect(compactCount(999)).toBe('999');
    expect(compactCount(1_234)).toBe('1.2k');
    expect(compactCount(12_345)).toBe('1.2w');
    expect(compactCount(563_000)).toBe('56w');
  });
});
