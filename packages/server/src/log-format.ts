/** LOG_FORMAT's values, kept out of logging.ts (which needs Config) so that config.ts can read them. */
export const LOG_FORMATS = ['pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];
/** `auto` (LOG_FORMAT unset): pretty when stdout is a terminal, JSON otherwise. */
export type LogFormatSetting = LogFormat | 'auto';
