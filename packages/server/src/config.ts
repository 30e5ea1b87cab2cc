/**
 * Typed configuration, read from the environment once at boot and validated with zod. A bad value
 * stops the server with a message that names the variable, so a misconfigured deployment fails
 * loudly at start rather than at the first request.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnvelopeKey } from '@dm51/shared';
import { z } from 'zod';
import { loadDeliveryConfig, type DeliveryConfig } from './delivery/delivery-config.js';
import { LOG_FORMATS, type LogFormatSetting } from './logging.js';
import { loadPaymentsConfig, type PaymentsConfig } from './payments/payment-config.js';
import { loadTranscodeConfig, type TranscodeConfig } from './transcode/transcode-config.js';

/**
 * Development defaults. They let `npm start` work on a fresh checkout; a server running on any of
 * them logs a loud warning, because anyone who reads this file can open its traffic.
 */
export const DEV_DEFAULTS = {
  ENVELOPE_KEY: '000102030405060708090a0b0c0d0e0f',
  API_KEY: 'dm51-dev-api-key',
  IMAGE_XOR_KEY: '90',
} as const;
export type DefaultedSecret = keyof typeof DEV_DEFAULTS;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** packages/server (this file is in src/ or dist/ under it). */
const PACKAGE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_WEB_DIR = resolve(PACKAGE_DIR, '../web/dist');

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** A postgres:// URL, or null for SQLite at `sqlitePath`. */
  databaseUrl: string | null;
  sqlitePath: string;
  envelopeKey: string;
  apiKey: string;
  imageXorKey: number;
  /** Anti-replay window for the client `timestamp`, in seconds either side of the server clock. */
  timestampWindowS: number;
  logLevel: (typeof LOG_LEVELS)[number];
  /** LOG_FORMAT: readable lines or JSON; `auto` (and unset, as in tests) picks by whether stdout is a terminal. */
  logFormat?: LogFormatSetting;
  webDir: string;
  /** Mirror hosts handed to the web app through /app-config.js; empty means same origin. */
  apiHosts: string[];
  /** COMPRESSION: brotli/gzip on text answers; unset (tests) means on, `false` (off) for measuring. */
  compression?: boolean;
  /** Secrets that fell back to their development default (announced at start-up). */
  defaulted: DefaultedSecret[];
  /** SMTP and SMS delivery of verification codes; unset (tests) means the log transports. */
  delivery?: DeliveryConfig;
  /** Generate and import the demo library on a first start with an empty catalogue (DEMO_LIBRARY). */
  demoLibrary?: boolean;
  /** An operator library imported in the background at every start (LIBRARY_DIR); null when unset. */
  libraryDir?: string | null;
  /** The HLS job runner (TRANSCODE, TRANSCODE_CONCURRENCY); unset (server unit tests) means off. */
  transcode?: TranscodeConfig;
  /** Currency, order TTL, the demo cashier and Stripe (PAY_*, STRIPE_*); unset (unit tests): the defaults. */
  payments?: PaymentsConfig;
}

/** Treats an empty variable as unset, as shells and CI files often export `VAR=`. */
const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const integer = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be an integer from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be an integer from ${min} to ${max}`);

const envSchema = z.object({
  PORT: optional.pipe(integer('PORT', 0, 65535).default(8080)),
  HOST: optional.pipe(z.string().default('0.0.0.0')),
  DATA_DIR: optional.pipe(z.string().default('./data')),
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)')
      .optional(),
  ),
  ENVELOPE_KEY: optional.pipe(
    z
      .string()
      .refine((key) => isValidEnvelopeKey(key), 'ENVELOPE_KEY must be 32, 48 or 64 hex characters')
      .optional(),
  ),
  API_KEY: optional.pipe(
    z.string().min(8, 'API_KEY must be at least 8 characters').max(256, 'API_KEY is too long').optional(),
  ),
  IMAGE_XOR_KEY: optional.pipe(integer('IMAGE_XOR_KEY', 0, 255).optional()),
  TIMESTAMP_WINDOW_S: optional.pipe(integer('TIMESTAMP_WINDOW_S', 1, 86_400).default(300)),
  LOG_LEVEL: optional.pipe(
    z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  LOG_FORMAT: optional.pipe(
    z
      .enum(LOG_FORMATS, {
        error: 'LOG_FORMAT must be pretty or json (unset: pretty on a terminal, json otherwise)',
      })
      .optional(),
  ),
  WEB_DIR: optional.pipe(z.string().optional()),
  DEMO_LIBRARY: optional.pipe(
    z.enum(['on', 'off'], { error: 'DEMO_LIBRARY must be on or off' }).default('on'),
  ),
  LIBRARY_DIR: optional.pipe(z.string().optional()),
  COMPRESSION: optional.pipe(z.enum(['on', 'off'], { error: 'COMPRESSION must be on or off' }).default('on')),
  API_HOSTS: optional.pipe(
    z
      .string()
      .transform((list) =>
        list
          .split(',')
          .map((host) => host.trim())
          .filter(Boolean),
      )
      .refine(
        (hosts) => hosts.every((host) => /^https?:\/\/[^\s]+$/.test(host)),
        'API_HOSTS must be a comma-separated list of http(s):// URLs',
      )
      .optional(),
  ),
});

function isValidEnvelopeKey(key: string): boolean {
  try {
    parseEnvelopeKey(key);
    return true;
  } catch {
    return false;
  }
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const variable = String(issue.path[0] ?? '');
      // Every custom message already names its variable; zod's own messages get the name prefixed.
      return issue.message.includes(variable) ? issue.message : `${variable}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const vars = parsed.data;
  let delivery: DeliveryConfig;
  let transcode: TranscodeConfig;
  let payments: PaymentsConfig;
  const envelopeKey = vars.ENVELOPE_KEY?.toLowerCase();
  try {
    delivery = loadDeliveryConfig(env);
    transcode = loadTranscodeConfig(env);
    payments = loadPaymentsConfig(env, envelopeKey ?? DEV_DEFAULTS.ENVELOPE_KEY);
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`);
  }
  const defaulted: DefaultedSecret[] = [];
  const secret = <T>(name: DefaultedSecret, value: T | undefined, fallback: T): T => {
    if (value !== undefined) return value;
    defaulted.push(name);
    return fallback;
  };
  const dataDir = resolve(vars.DATA_DIR);
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    databaseUrl: vars.DATABASE_URL ?? null,
    sqlitePath: resolve(dataDir, 'app.db'),
    envelopeKey: secret('ENVELOPE_KEY', envelopeKey, DEV_DEFAULTS.ENVELOPE_KEY),
    apiKey: secret('API_KEY', vars.API_KEY, DEV_DEFAULTS.API_KEY),
    imageXorKey: secret('IMAGE_XOR_KEY', vars.IMAGE_XOR_KEY, Number(DEV_DEFAULTS.IMAGE_XOR_KEY)),
    timestampWindowS: vars.TIMESTAMP_WINDOW_S,
    logLevel: vars.LOG_LEVEL,
    logFormat: vars.LOG_FORMAT ?? 'auto',
    webDir: vars.WEB_DIR ? resolve(vars.WEB_DIR) : DEFAULT_WEB_DIR,
    apiHosts: vars.API_HOSTS ?? [],
    compression: vars.COMPRESSION === 'on',
    defaulted,
    delivery,
    demoLibrary: vars.DEMO_LIBRARY === 'on',
    libraryDir: vars.LIBRARY_DIR ? resolve(vars.LIBRARY_DIR) : null,
    transcode,
    payments,
  };
}

/** The start-up warnings for secrets left at their development default; empty in a real deployment. */
export function defaultedSecretWarnings(config: Pick<Config, 'defaulted'>): string[] {
  return config.defaulted.map(
    (name) =>
      `${name} is not set: using the PUBLIC DEVELOPMENT DEFAULT. Anyone can read this traffic. ` +
      `Set ${name} before deploying.`,
  );
}
