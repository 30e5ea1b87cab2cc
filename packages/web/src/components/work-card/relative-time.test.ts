import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = 1_800_000_000;

describe('relative time (spec §9)', () => {
  it('says just now under 300 s', () => {
    expect(relativeTime(now - 299, now)).toEqual({ key: 'justNow' });
    expect(relativeTime(now + 50, now)).toEqual({ key: 'justNow' });
  });

  it('then minutes, hours and days up to 30', () => {
    expect(relativeTime(now - 300, now)).toEqual({ key: 'minutes', count: 5 });
    expect(relativeTime(now - 7200, now)).toEqual({ key: 'hours', count: 2 });
    expect(relativeTime(now - 30 * 86_400, now)).toEqual({ key: 'days', count: 30 });
  });

  it('then a date', () => {
    const result = relativeTime(now - 31 * 86_400, now);
    expect(result.key).toBe('date');
    expect(result.key === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(result.date)).toBe(true);
  });
});
