/**
 * Typed configuration, read from the environment once at boot and validated with zod. A bad value
 * stops the server with a message that names the variable, so a misconfigured deployment fails
 * loudly at start rather than at the first request.
 */
import { isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnvelopeKey } from '@dm51/shared';
import { z } from 'zod';
import { loadAiImageConfig, type AiImageConfig } from './ai-images/ai-image-config.js';
import { loadAnalyticsConfig, type AnalyticsConfig } from './analytics/analytics-config.js';
import { loadDeliveryConfig, type DeliveryConfig } from './delivery/delivery-config.js';
import { loadLibraryWatchConfig, type LibraryWatchConfig } from './import/library-watch-config.js';
import { loadJobsConfig, type JobsConfig } from './jobs/jobs-config.js';
import { loadRecommendationConfig, type RecommendationConfig } from './services/recommendation-config.js';
import { LOG_FORMATS, type LogFormatSetting } from './log-format.js';
import { loadMediaStoreConfig, type MediaStoreConfig } from './media/media-store-config.js';
import { loadPaymentsConfig, type PaymentsConfig } from './payments/payment-config.js';
import { loadTranscodeConfig, type TranscodeConfig } from './transcode/transcode-config.js';
// Scale-out: shared state in Redis.
import { loadRedisConfig, type RedisConfig } from './shared-state/redis-config.js';

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
export const DEFAULT_ADMIN_DIR = resolve(PACKAGE_DIR, '../admin/dist');

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
  /** ADMIN_DIR: the built operator console served at /admin; unset (tests) means packages/admin/dist. */
  adminDir?: string;
  /** Mirror hosts handed to the web app through /app-config.js; empty means same origin. */
  apiHosts: string[];
  /**
   * TRUST_PROXY: the balancers (addresses, CIDRs, or `loopback` / `linklocal` / `uniquelocal`)
   * whose X-Forwarded-For and X-Forwarded-Proto are believed. Unset or empty (and in tests):
   * nobody is, so `request.ip` is the socket's peer and forwarded headers are ignored.
   */
  trustProxy?: readonly string[];
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
  /** Live watching of LIBRARY_DIR (LIBRARY_WATCH, LIBRARY_*_MS/_S); unset (unit tests) means off, no settle wait. */
  libraryWatch?: LibraryWatchConfig;
  /** The HLS job runner (TRANSCODE, TRANSCODE_CONCURRENCY); unset (server unit tests) means off. */
  transcode?: TranscodeConfig;
  /** Currency, order TTL, the demo cashier and Stripe (PAY_*, STRIPE_*); unset (unit tests): the defaults. */
  payments?: PaymentsConfig;
  /** Raw-event retention and the optional forwarder (ANALYTICS_*); unset (unit tests): the defaults. */
  analytics?: AnalyticsConfig;
  /** AI cos provider and job limits (AI_*); unset (unit tests): the built-in filter provider. */
  aiImages?: AiImageConfig;
  /** Character chat and reading helpers (AI_CHAT_*); unset (unit tests): no chat model. */
  aiChat?: AiChatConfig;
  /** PostgreSQL pool size and how long a request waits for a connection (DB_POOL_MAX, DB_CONNECT_TIMEOUT_MS). */
  dbPool?: DbPoolConfig;
  /**
   * LISTEN_BACKLOG: connections the kernel queues before the server accepts them. Node's 511 is
   * overrun when a thousand phones connect at once during a stall: the kernel then drops the
   * handshakes and clients wait out SYN retries (1, 3, 7 s) into their timeouts. The kernel caps it
   * at net.core.somaxconn (4096 on current Linux).
   */
  listenBacklog?: number;
  /**
   * SHED_EVENT_LOOP_DELAY_MS: above this event-loop delay new requests are answered 503 with
   * SERVICE_UNAVAILABLE at once instead of queueing into client timeouts; 0 (and unset in unit
   * tests) turns shedding off.
   */
  shedEventLoopDelayMs?: number;
  // --- Scale-out: health, metrics, request ids ---
  /** METRICS_TOKEN: when set, /metrics needs `Authorization: Bearer <token>`; unset: loopback only. */
  metricsToken?: string | null;
  /** INSTANCE_ID: names this instance in every log line; unset: `hostname:pid`. */
  instanceId?: string;
  /** SHUTDOWN_DELAY_MS: after SIGTERM, /readyz answers 503 but requests are still served this long. */
  shutdownDelayMs?: number;

  // --- Scale-out: shared state in Redis ---
  /** REDIS_URL, REDIS_KEY_PREFIX; null or unset (the embedded default): everything stays in process. */
  redis?: RedisConfig | null;
  // --- Scale-out: jobs ---
  /** The shared job queue on PostgreSQL (JOBS_SCHEMA, JOBS_LEASE_S); unused on SQLite. */
  jobs?: JobsConfig;
  /** RECOMMENDATIONS_INTERVAL_S: the co-occurrence job's period (unset in unit tests: never scheduled). */
  recommendations?: RecommendationConfig;
  // --- Scale-out: media on S3-compatible object storage ---
  /** MEDIA_STORE, S3_*, MEDIA_DELIVERY (media/media-store-config.ts); unset (unit tests): local files, proxied. */
  mediaStore?: MediaStoreConfig;
}

export interface DbPoolConfig {
  max: number;
  connectTimeoutMs: number;
  /** Hot fixed statements sent named, parsed once per connection (DB_PREPARED_STATEMENTS; db/prepared-statements.ts). */
  preparedStatements: boolean;
}

export interface AiChatConfig {
  /**
   * builtin: no chat model (character chat is refused, the reading helpers quote the text);
   * openai: an OpenAI-compatible /v1/chat/completions server (a hosted API, Ollama, llama.cpp, vLLM).
   */
  provider: 'builtin' | 'openai';
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutS: number;
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

/**
 * The named ranges @fastify/proxy-addr (what Fastify's `trustProxy` compiles a list with) expands
 * itself. It knows no `private`: `uniquelocal` is 10/8, 172.16/12, 192.168/16 and fc00::/7.
 */
const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const;

/**
 * Why one TRUST_PROXY entry is refused, or null when proxy-addr accepts it: an IPv4 or IPv6
 * address, optionally with a `/prefix` (1-32 or 1-128; proxy-addr refuses /0, and trusting every
 * address would let anyone choose the address its rate limits count against).
 */
function trustProxyEntryProblem(entry: string): string | null {
  if ((TRUST_PROXY_NAMES as readonly string[]).includes(entry)) return null;
  // A bare number is Fastify's hop count, which the installed Fastify treats as "trust nobody".
  if (/^\d+$/.test(entry)) return `"${entry}" is a hop count; list the balancers' addresses instead`;
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const family = isIP(address);
  if (family === 0) return `"${entry}" is not an IP address or CIDR`;
  if (slash === -1) return null;
  const prefix = entry.slice(slash + 1);
  const max = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) < 1 || Number(prefix) > max)
    return `"${entry}" needs a prefix length from 1 to ${max}`;
  return null;
}

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
  ADMIN_DIR: optional.pipe(z.string().optional()),
  DEMO_LIBRARY: optional.pipe(
    z.enum(['on', 'off'], { error: 'DEMO_LIBRARY must be on or off' }).default('on'),
  ),
  LIBRARY_DIR: optional.pipe(z.string().optional()),
  COMPRESSION: optional.pipe(z.enum(['on', 'off'], { error: 'COMPRESSION must be on or off' }).default('on')),
  DB_POOL_MAX: optional.pipe(integer('DB_POOL_MAX', 1, 1000).default(20)),
  LISTEN_BACKLOG: optional.pipe(integer('LISTEN_BACKLOG', 1, 65_535).default(4_096)),
  DB_CONNECT_TIMEOUT_MS: optional.pipe(integer('DB_CONNECT_TIMEOUT_MS', 100, 600_000).default(5_000)),
  DB_PREPARED_STATEMENTS: optional.pipe(
    z.enum(['on', 'off'], { error: 'DB_PREPARED_STATEMENTS must be on or off' }).default('on'),
  ),
  SHED_EVENT_LOOP_DELAY_MS: optional.pipe(integer('SHED_EVENT_LOOP_DELAY_MS', 0, 600_000).default(2_000)),
  AI_CHAT_PROVIDER: optional.pipe(
    z.enum(['builtin', 'openai'], { error: 'AI_CHAT_PROVIDER must be builtin or openai' }).default('builtin'),
  ),
  AI_CHAT_BASE_URL: optional.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^\s]+$/, 'AI_CHAT_BASE_URL must be an http(s):// URL')
      .default('http://127.0.0.1:11434'),
  ),
  AI_CHAT_API_KEY: optional.pipe(z.string().default('')),
  AI_CHAT_MODEL: optional.pipe(z.string().default('qwen2.5:3b')),
  AI_CHAT_TIMEOUT_S: optional.pipe(integer('AI_CHAT_TIMEOUT_S', 1, 600).default(60)),
  // --- Scale-out: health, metrics, request ids ---
  METRICS_TOKEN: optional.pipe(
    z
      .string()
      .regex(/^[\x21-\x7e]{16,256}$/, 'METRICS_TOKEN must be 16 to 256 printable characters without spaces')
      .optional(),
  ),
  SHUTDOWN_DELAY_MS: optional.pipe(integer('SHUTDOWN_DELAY_MS', 0, 60_000).default(0)),
  INSTANCE_ID: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'INSTANCE_ID must be 1 to 64 letters, digits or . _ : -')
      .optional(),
  ),
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
  TRUST_PROXY: optional.pipe(
    z
      .string()
      .transform((list) =>
        list
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .superRefine((entries, ctx) => {
        const problems = entries.map(trustProxyEntryProblem).filter((problem) => problem !== null);
        if (problems.length > 0)
          ctx.addIssue({
            code: 'custom',
            message:
              `TRUST_PROXY must be a comma-separated list of addresses or CIDRs of the trusted ` +
              `balancers (or ${TRUST_PROXY_NAMES.join(', ')}): ${problems.join('; ')}`,
          });
      })
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
  let analytics: AnalyticsConfig;
  let aiImages: AiImageConfig;
  let libraryWatch: LibraryWatchConfig;
  let redis: RedisConfig | null; // scale-out: shared state
  let jobs: JobsConfig;
  let recommendations: RecommendationConfig;
  let mediaStore: MediaStoreConfig; // scale-out: media store
  const envelopeKey = vars.ENVELOPE_KEY?.toLowerCase();
  try {
    delivery = loadDeliveryConfig(env);
    transcode = loadTranscodeConfig(env);
    payments = loadPaymentsConfig(env);
    analytics = loadAnalyticsConfig(env);
    aiImages = loadAiImageConfig(env);
    libraryWatch = loadLibraryWatchConfig(env);
    redis = loadRedisConfig(env); // scale-out: shared state
    // --- Scale-out: jobs ---
    jobs = loadJobsConfig(env);
    recommendations = loadRecommendationConfig(env);
    mediaStore = loadMediaStoreConfig(env); // scale-out: media store
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
    adminDir: vars.ADMIN_DIR ? resolve(vars.ADMIN_DIR) : DEFAULT_ADMIN_DIR,
    apiHosts: vars.API_HOSTS ?? [],
    trustProxy: vars.TRUST_PROXY ?? [],
    compression: vars.COMPRESSION === 'on',
    defaulted,
    delivery,
    demoLibrary: vars.DEMO_LIBRARY === 'on',
    libraryDir: vars.LIBRARY_DIR ? resolve(vars.LIBRARY_DIR) : null,
    libraryWatch,
    transcode,
    payments,
    analytics,
    aiImages,
    dbPool: {
      max: vars.DB_POOL_MAX,
      connectTimeoutMs: vars.DB_CONNECT_TIMEOUT_MS,
      preparedStatements: vars.DB_PREPARED_STATEMENTS === 'on',
    },
    listenBacklog: vars.LISTEN_BACKLOG,
    shedEventLoopDelayMs: vars.SHED_EVENT_LOOP_DELAY_MS,
    metricsToken: vars.METRICS_TOKEN ?? null,
    shutdownDelayMs: vars.SHUTDOWN_DELAY_MS,
    ...(vars.INSTANCE_ID ? { instanceId: vars.INSTANCE_ID } : {}),
    jobs,
    recommendations,
    mediaStore, // scale-out: media store
    aiChat: {
      provider: vars.AI_CHAT_PROVIDER,
      baseUrl: vars.AI_CHAT_BASE_URL.replace(/\/+$/, ''),
      apiKey: vars.AI_CHAT_API_KEY,
      model: vars.AI_CHAT_MODEL,
      timeoutS: vars.AI_CHAT_TIMEOUT_S,
    },
    redis, // scale-out: shared state
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
