/**
 * Every setting the server reads from the environment (docs/reference/configuration.md), for
 * System → Configuration: its effective value, whether it is the default, and secrets masked. The
 * list is checked against that page's tables by system.test.ts, so a new variable documented there
 * and missing here fails a test.
 */

/** How a value is shown: as is, as a secret (masked), or as a URL whose password is masked. */
export type EnvKind = 'plain' | 'secret' | 'dsn';

export interface EnvSetting {
  name: string;
  /** The default as docs/reference/configuration.md states it ('' = unset). */
  fallback: string;
  kind: EnvKind;
}

const plain = (name: string, fallback = ''): EnvSetting => ({ name, fallback, kind: 'plain' });
const secret = (name: string, fallback = ''): EnvSetting => ({ name, fallback, kind: 'secret' });
const dsn = (name: string, fallback = ''): EnvSetting => ({ name, fallback, kind: 'dsn' });

export const ENV_SETTINGS: readonly EnvSetting[] = [
  plain('PORT', '8080'),
  plain('HOST', '0.0.0.0'),
  plain('DATA_DIR', './data'),
  dsn('DATABASE_URL'),
  secret('ENVELOPE_KEY', '(development key)'),
  secret('API_KEY', '(development key)'),
  secret('IMAGE_XOR_KEY', '(development key)'),
  plain('TIMESTAMP_WINDOW_S', '300'),
  plain('LOG_LEVEL', 'info'),
  plain('LOG_FORMAT'),
  plain('WEB_DIR', 'packages/web/dist'),
  plain('ADMIN_DIR', 'packages/admin/dist'),
  plain('COMPRESSION', 'on'),
  plain('API_HOSTS'),
  plain('TRUST_PROXY'),
  dsn('SMTP_URL'),
  plain('SMTP_HOST'),
  plain('SMTP_PORT', '587'),
  plain('SMTP_SECURE'),
  plain('SMTP_USER'),
  secret('SMTP_PASS'),
  plain('MAIL_FROM', '51动漫 <no-reply@localhost>'),
  dsn('SMS_HTTP_URL'),
  plain('SMS_HTTP_METHOD', 'POST'),
  plain('SMS_HTTP_BODY', '{"phone":"{phone}","code":"{code}"}'),
  plain('SMS_HTTP_CONTENT_TYPE', 'application/json'),
  secret('SMS_HTTP_AUTH'),
  plain('DEMO_LIBRARY', 'on'),
  plain('LIBRARY_DIR'),
  plain('LIBRARY_WATCH', 'on'),
  plain('LIBRARY_WATCH_DEBOUNCE_MS', '2000'),
  plain('LIBRARY_SETTLE_MS', '5000'),
  plain('LIBRARY_SCAN_INTERVAL_S', '900'),
  plain('RECOMMENDATIONS_INTERVAL_S', '3600'),
  plain('FFPROBE_PATH', '/usr/bin/ffprobe'),
  plain('FFMPEG_PATH', '/usr/bin/ffmpeg'),
  plain('TRANSCODE', 'on'),
  plain('TRANSCODE_CONCURRENCY', '1'),
  plain('PAY_CURRENCY', 'CNY'),
  plain('PAY_ORDER_TTL_S', '1800'),
  plain('PAY_RECONCILE_S', '60'),
  plain('PAY_CASHIER', 'on'),
  secret('PAY_CASHIER_SECRET', '(generated, kept in the database)'),
  plain('PAY_PUBLIC_URL'),
  secret('STRIPE_SECRET_KEY'),
  secret('STRIPE_WEBHOOK_SECRET'),
  plain('STRIPE_API_BASE'),
  plain('TASK_TIME_ZONE', 'Asia/Shanghai'),
  plain('DM51_TEST_CLOCK'),
  plain('TASK_CLOCK_OFFSET_FILE'),
  plain('DB_POOL_MAX', '20'),
  plain('DB_CONNECT_TIMEOUT_MS', '5000'),
  plain('DB_PREPARED_STATEMENTS', 'on'),
  plain('LISTEN_BACKLOG', '4096'),
  plain('SHED_EVENT_LOOP_DELAY_MS', '2000'),
  plain('DB_SLOW_QUERY_MS'),
  plain('TZ', "(the system's)"),
  plain('ANALYTICS_RETENTION_DAYS', '90'),
  plain('ANALYTICS_FORWARD', 'off'),
  dsn('ANALYTICS_FORWARD_URL'),
  secret('ANALYTICS_FORWARD_KEY'),
  plain('AI_IMAGE_PROVIDER', 'builtin'),
  dsn('AI_OPENAI_BASE_URL'),
  secret('AI_OPENAI_API_KEY'),
  plain('AI_IMAGE_MODEL', 'gpt-image-1'),
  dsn('AI_COMFYUI_URL'),
  plain('AI_COMFYUI_WORKFLOW'),
  plain('AI_JOB_TIMEOUT_S', '120'),
  plain('AI_MAX_JOBS_PER_USER', '2'),
  plain('AI_JOB_CONCURRENCY', '1'),
  plain('AI_CHAT_PROVIDER', 'builtin'),
  dsn('AI_CHAT_BASE_URL', 'http://127.0.0.1:11434'),
  secret('AI_CHAT_API_KEY'),
  plain('AI_CHAT_MODEL', 'qwen2.5:3b'),
  plain('AI_CHAT_TIMEOUT_S', '60'),
  plain('GIT_COMMIT'),
  // Scale-out: media store, Redis, operations, jobs.
  plain('MEDIA_STORE', 'local'),
  plain('S3_ENDPOINT'),
  plain('S3_REGION', 'us-east-1'),
  plain('S3_BUCKET'),
  plain('S3_PREFIX'),
  secret('S3_ACCESS_KEY_ID'),
  secret('S3_SECRET_ACCESS_KEY'),
  plain('S3_FORCE_PATH_STYLE'),
  plain('MEDIA_DELIVERY', 'proxy'),
  plain('S3_SIGNED_URL_TTL_S', '300'),
  dsn('REDIS_URL'),
  plain('REDIS_KEY_PREFIX', 'dm51:'),
  secret('METRICS_TOKEN'),
  plain('INSTANCE_ID'),
  plain('SHUTDOWN_DELAY_MS', '0'),
  plain('JOBS_SCHEMA', 'pgboss'),
  plain('JOBS_LEASE_S', '60'),
];

const MASK = '••••';

/**
 * A secret as the console shows it: `••••` and, for values long enough that two characters give
 * nothing away, their last two characters.
 */
export function maskSecret(value: string): string {
  if (value === '') return '';
  return value.length >= 12 ? `${MASK}${value.slice(-2)}` : MASK;
}

/** A URL with its user's password (and any secret-looking query values) masked. */
export function maskUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // Not a URL: nothing tells which part is secret, so all of it is.
    return maskSecret(value);
  }
  if (url.password) url.password = 'xxxx';
  for (const [key, v] of url.searchParams) {
    if (/key|secret|token|pass|auth|sig/i.test(key)) url.searchParams.set(key, maskSecret(v));
  }
  return url.toString().replace(':xxxx@', `:${MASK}@`);
}

export interface EnvSettingView {
  name: string;
  value: string;
  isDefault: boolean;
  secret: boolean;
  fallback: string;
}

/** The effective value of each setting (an empty variable counts as unset, as config.ts reads it). */
export function effectiveSettings(env: NodeJS.ProcessEnv): EnvSettingView[] {
  return ENV_SETTINGS.map(({ name, fallback, kind }) => {
    const raw = (env[name] ?? '').trim();
    const isDefault = raw === '';
    const shown = isDefault
      ? fallback
      : kind === 'secret'
        ? maskSecret(raw)
        : kind === 'dsn'
          ? maskUrl(raw)
          : raw;
    return { name, value: shown, isDefault, secret: kind !== 'plain', fallback };
  });
}
