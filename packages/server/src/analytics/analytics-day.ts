/**
 * Analytics days are calendar days in the server's time zone (the process TZ), numbered from
 * 1970-01-01 local: day 20416 is 2025-11-24 wherever the server runs, so a day number can be
 * turned back into its date without knowing the zone, and day differences are ages in days.
 */
const DAY_MS = 86_400_000;

/** The local day number of an instant (ms since the epoch), DST included. */
export function localDay(ms: number): number {
  const offsetMs = new Date(ms).getTimezoneOffset() * 60_000;
  return Math.floor((ms - offsetMs) / DAY_MS);
}

/** 'YYYY-MM-DD' of a day number. */
export function dayToDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The day number of 'YYYY-MM-DD', or null when it is not a real date. */
export function dateToDay(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayToDate(ms / DAY_MS) === date ? ms / DAY_MS : null;
}

/** Clients' clocks drift and beacons arrive late: trust start_time only within the last day. */
const TRUSTED_PAST_MS = DAY_MS;

/**
 * The day an event counts for: the day of its client start time when that lies within the day
 * before its arrival, else the day it arrived (a wrong clock must not put events in another month).
 */
export function eventDay(startMs: number, receivedMs: number): number {
  const trusted = startMs <= receivedMs && startMs >= receivedMs - TRUSTED_PAST_MS;
  return localDay(trusted ? startMs : receivedMs);
}
