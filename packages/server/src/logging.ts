/**
 * How the server writes its log. A person watching a terminal gets one readable line per event
 * (local time, level, module, message, extra fields inline); anything else (a file, journald, a
 * log shipper) gets pino's JSON, one object per line. LOG_FORMAT overrides the guess.
 */
import type { FastifyServerOptions } from 'fastify';
import { hostname } from 'node:os';
import pretty from 'pino-pretty';
import type { Config } from './config.js';
import type { LogFormat, LogFormatSetting } from './log-format.js';
import { instanceName } from './observability/request-id.js';

/** Header values that never reach the log, should a request object ever be logged. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie'];

export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

export function resolveLogFormat(setting: LogFormatSetting | undefined, isTTY: boolean): LogFormat {
  if (setting === 'pretty' || setting === 'json') return setting;
  return isTTY ? 'pretty' : 'json';
}

export interface LoggerOptionsContext {
  /** Whether stdout is a terminal; by default `process.stdout.isTTY`. */
  isTTY?: boolean;
  /** Where pretty lines go instead of stdout (tests), uncoloured. */
  destination?: NodeJS.WritableStream;
}

/** Fastify's `logger` option for a configuration. */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat' | 'instanceId'>,
  context: LoggerOptionsContext = {},
): LoggerOptions {
  const isTTY = context.isTTY ?? Boolean(process.stdout.isTTY);
  // `instance` on every line tells apart the logs of several instances behind one balancer.
  const base = { pid: process.pid, hostname: hostname(), instance: instanceName(config.instanceId) };
  const options: LoggerOptions = { level: config.logLevel, redact: REDACT, base };
  if (resolveLogFormat(config.logFormat, isTTY) === 'json') return options;
  const stream = pretty({
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,instance,module',
    messageFormat: '{if module}{module}: {end}{msg}',
    // Extra fields stay on the message's line; error stacks still get their own lines.
    singleLine: true,
    // A terminal is slow enough that buffering buys nothing, and a line written just before
    // process.exit() must not be lost.
    sync: true,
    ...(context.destination ? { destination: context.destination, colorize: false } : {}),
  });
  return { ...options, stream };
}
