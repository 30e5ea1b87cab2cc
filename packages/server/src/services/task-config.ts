/**
 * Task centre settings from the environment, checked when the services are built (at boot):
 * - TASK_TIME_ZONE: IANA zone whose midnight starts a task day (default Asia/Shanghai, the
 *   audience's day; a container's TZ is usually UTC, which would reset tasks at 08:00 in China).
 * - DM51_TEST_CLOCK=1 + TASK_CLOCK_OFFSET_FILE: browser tests move the built server's task clock
 *   by writing an offset in seconds to that file. Ignored unless DM51_TEST_CLOCK is exactly '1'.
 */
export interface TaskConfig {
  timeZone: string;
  clockOffsetFile: string | null;
}

export const DEFAULT_TASK_TIME_ZONE = 'Asia/Shanghai';

export function loadTaskConfig(env: NodeJS.ProcessEnv): TaskConfig {
  const timeZone = env['TASK_TIME_ZONE']?.trim() || DEFAULT_TASK_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw new Error(`TASK_TIME_ZONE: "${timeZone}" is not an IANA time zone (e.g. Asia/Shanghai)`);
  }
  const testClock = env['DM51_TEST_CLOCK'] === '1';
  return { timeZone, clockOffsetFile: testClock ? env['TASK_CLOCK_OFFSET_FILE'] || null : null };
}
