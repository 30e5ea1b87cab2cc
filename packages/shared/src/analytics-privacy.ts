/**
 * What analytics must never carry ("never log tokens or codes"): parameters and query
 * keys that name a secret or a personal address. Used by the web app before it queues an event or a
 * page view, by the server before it stores one (clients may be old or hostile), and by the
 * forwarder before anything leaves the server.
 */

/** Words of a key that name a secret or an address (`user_token`, `inviteCode`, `e-mail`, `tel`…). */
const SECRET_WORDS = new Set([
  'token',
  'code',
  'pass',
  'password',
  'passwd',
  'pwd',
  'tel',
  'phone',
  'mobile',
  'telephone',
  'email',
  'mail',
  'secret',
  'key',
  'apikey',
  'sign',
  'signature',
  'credential',
  'credentials',
  'auth',
  'authorization',
  'cookie',
  'otp',
  'captcha',
]);
/** Words glued to a prefix still count: `smscode`, `accesstoken`, `newpassword`. */
const SECRET_ENDINGS = ['token', 'code', 'password', 'passwd', 'pwd', 'secret', 'apikey'];

/**
 * True when a key names a secret. Keys are split into words (snake, kebab and camel case), so
 * `author`, `keyword` or `episode` stay while `user_token`, `inviteCode` and `smscode` go.
 */
export function isSecretParamKey(key: string): boolean {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.some((word) => SECRET_WORDS.has(word) || SECRET_ENDINGS.some((end) => word.endsWith(end)));
}

/** A copy of `params` without secret keys (the original is left alone). */
export function stripSecretParams<T>(params: Readonly<Record<string, T>>): Record<string, T> {
  const kept: Record<string, T> = {};
  for (const [key, value] of Object.entries(params)) if (!isSecretParamKey(key)) kept[key] = value;
  return kept;
}

/** Event names: lowercase snake case, so they read the same in every report. */
export const ANALYTICS_EVENT_NAME = /^[a-z][a-z0-9_]{0,39}$/;
/** Channel codes (spec §2, default 51dm): letters, digits, '_' and '-'. */
export const ANALYTICS_CHANNEL = /^[A-Za-z0-9_-]{1,40}$/;
export const ANALYTICS_LIMITS = {
  /** Events per batch (one call or one beacon). */
  batchMax: 50,
  paramsMax: 20,
} as const;
