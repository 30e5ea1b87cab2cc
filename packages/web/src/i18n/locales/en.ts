import { enLaunch } from './en-launch';
import { enRest } from './en-rest';

/**
 * English: the fallback locale and the source of truth for the key set (see messages.ts). Kept in two
 * files so the first download carries only what the first screen shows (en-launch.ts).
 */
export const en = { ...enLaunch, ...enRest };
