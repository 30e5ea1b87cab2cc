import { describe, expect, it } from 'vitest';
import { TaskClock, dateOfDay, dayOfDate } from './task-clock.js';
import { loadTaskConfig } from './task-config.js';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('TaskClock', () => {
  it('starts a task day at midnight in its time zone, not in UTC', () => {
    const shanghai = new TaskClock('Asia/Shanghai');
    expect(dateOfDay(shanghai.day(at('2026-11-24T15:59:59Z')))).toBe('2026-11-24');
    expect(dateOfDay(shanghai.day(at('2026-11-24T16:00:00Z')))).toBe('2026-11-25');
    expect(dateOfDay(new TaskClock('UTC').day(at('2026-11-24T16:00:00Z')))).toBe('2026-11-24');
  });

  it('weeks start on Monday', () => {
    const clock = new TaskClock('UTC');
    expect(dateOfDay(clock.weekStart(dayOfDate('2026-11-26')))).toBe('2026-11-23'); // a Thursday
    expect(dateOfDay(clock.weekStart(dayOfDate('2026-11-23')))).toBe('2026-11-23');
    expect(dateOfDay(clock.weekStart(dayOfDate('2026-11-29')))).toBe('2026-11-23'); // Sunday
  });

  it('moves by shift', () => {
    const clock = new TaskClock('UTC');
    const before = clock.day();
    clock.shift(2 * 86_400);
    expect(clock.day()).toBe(before + 2);
  });

  it('refuses dates that do not exist', () => {
    expect(dayOfDate('2026-02-30')).toBeNaN();
    expect(dayOfDate('2026-02-28')).toBe(dayOfDate('2026-03-01') - 1);
  });
});

describe('loadTaskConfig', () => {
  it('defaults to Asia/Shanghai and refuses an unknown zone at boot', () => {
    expect(loadTaskConfig({}).timeZone).toBe('Asia/Shanghai');
    expect(() => loadTaskConfig({ TASK_TIME_ZONE: 'Mars/Olympus' })).toThrow(/TASK_TIME_ZONE/);
  });

  it('honours the test clock file only with DM51_TEST_CLOCK=1', () => {
    expect(loadTaskConfig({ TASK_CLOCK_OFFSET_FILE: '/tmp/x' }).clockOffsetFile).toBeNull();
    expect(loadTaskConfig({ TASK_CLOCK_OFFSET_FILE: '/tmp/x', DM51_TEST_CLOCK: '1' }).clockOffsetFile).toBe(
      '/tmp/x',
    );
  });
});
