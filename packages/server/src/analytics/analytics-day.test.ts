import { afterEach, describe, expect, it } from 'vitest';
import { dateToDay, dayToDate, eventDay, localDay } from './analytics-day.js';

const original = process.env['TZ'];
afterEach(() => {
  process.env['TZ'] = original;
});

describe('analytics days', () => {
  it('follow the server time zone: 23:30 UTC is the next day in Shanghai', () => {
    const ms = Date.UTC(2026, 10, 24, 23, 30);
    process.env['TZ'] = 'UTC';
    expect(dayToDate(localDay(ms))).toBe('2026-11-24');
    process.env['TZ'] = 'Asia/Shanghai';
    expect(dayToDate(localDay(ms))).toBe('2026-11-25');
  });

  it('convert dates both ways and refuse impossible ones', () => {
    expect(dateToDay('1970-01-02')).toBe(1);
    expect(dayToDate(dateToDay('2026-02-28')!)).toBe('2026-02-28');
    expect(dateToDay('2026-02-30')).toBeNull();
    expect(dateToDay('26-2-3')).toBeNull();
  });

  it('count an event on its start day within the last day, else on its arrival day', () => {
    process.env['TZ'] = 'UTC';
    const arrived = Date.UTC(2026, 10, 24, 0, 5);
    expect(dayToDate(eventDay(arrived - 10 * 60_000, arrived))).toBe('2026-11-23');
    expect(dayToDate(eventDay(arrived - 3 * 86_400_000, arrived))).toBe('2026-11-24');
    expect(dayToDate(eventDay(arrived + 86_400_000, arrived))).toBe('2026-11-24');
  });
});
