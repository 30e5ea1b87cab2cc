import { describe, expect, it } from 'vitest';
import { badgeText } from './badge';

describe('badge text (spec §3)', () => {
  it('hides zero and caps at 999+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(999)).toBe('999');
    expect(badgeText(1000)).toBe('999+');
  });
});
