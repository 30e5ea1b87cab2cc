/**
 * The task centre's clock and calendar. A task day is a calendar date in the task time zone
 * (TASK_TIME_ZONE), numbered as days since 1970-01-01 so that "yesterday" is `day - 1` and weeks
 * start on Monday whatever the zone.
 *
 * Tests move the clock: `shift(seconds)` in-process, or, for a built server, a file holding an
 * offset in seconds (TASK_CLOCK_OFFSET_FILE) that is read only when DM51_TEST_CLOCK=1, so a
 * production server can never be moved by accident.
 */
import { readFileSync } from 'node:fs';

const DAY_MS = 86_400_000;

export class TaskClock {
  private offsetS = 0;
  /** Tests only: the wall-clock second this clock stands still at (null: it runs). */
  private pinnedAtS: number | null = null;
  private readonly dateFormat: Intl.DateTimeFormat;

  constructor(
    readonly timeZone: string,
    private readonly offsetFile: string | null = null,
  ) {
    this.dateFormat = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  }

  /** Unix seconds, moved by the test offset. */
  now(): number {
    return (this.pinnedAtS ?? Math.floor(Date.now() / 1000)) + this.offsetS + this.fileOffset();
  }

  /**
   * Tests only: stops the clock at the current second (`shift` still moves it), so a test about
   * elapsed time does not depend on how fast a loaded machine runs it; `unpin` lets it run again.
   */
  pin(): void {
    this.pinnedAtS = Math.floor(Date.now() / 1000);
  }

  unpin(): void {
    this.pinnedAtS = null;
  }

  /** Tests only: moves this clock by `seconds` (cumulative). */
  shift(seconds: number): void {
    this.offsetS += seconds;
  }

  /** The task day of a Unix time (default: now). */
  day(time = this.now()): number {
    // Formatting a date in a time zone costs more than the rest of a chapter call's bookkeeping;
    // calls come in runs within the same second.
    if (time === this.lastDay.time) return this.lastDay.day;
    const day = this.computeDay(time);
    this.lastDay = { time, day };
    return day;
  }

  private lastDay = { time: Number.NaN, day: 0 };

  private computeDay(time: number): number {
    const parts = this.dateFormat.formatToParts(new Date(time * 1000));
    const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
    return Math.round(Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS);
  }

  /** The first day (Monday) of the week holding `day`. */
  weekStart(day: number): number {
    // 1970-01-01 (day 0) was a Thursday: (day + 3) % 7 is 0 on Mondays.
    return day - ((day + 3) % 7);
  }

  private fileOffset(): number {
    if (!this.offsetFile) return 0;
    try {
      return Number(readFileSync(this.offsetFile, 'utf8').trim()) || 0;
    } catch {
      return 0;
    }
  }
}

/** 'YYYY-MM-DD' of a task day number. */
export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The task day number of 'YYYY-MM-DD' (NaN when it is not a real date). */
export function dayOfDate(date: string): number {
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(time) || dateOfDay(time / DAY_MS) !== date ? Number.NaN : time / DAY_MS;
}
