/**
 * Idempotency keys for money calls, one per purchase intent. The server answers a repeated key with
 * the first result, so reusing the key for a double tap, a second click or a reload after a lost
 * answer can never buy twice. Keys live in sessionStorage (this tab, survives the round trip to the
 * payment page) under `dm51.intent.<scope>`; a finished intent clears its key so the next purchase
 * of the same thing is a new order. Storage failures fall back to an in-memory map (spec §8).
 */
const PREFIX = 'dm51.intent.';
const memory = new Map<string, string>();

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function newKey(): string {
  // randomUUID needs a secure context; plain-http test deployments get a random fallback.
  const uuid = globalThis.crypto?.randomUUID?.();
  if (uuid) return uuid;
  return `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

/** The key for this intent, made on first use and reused until cleared. */
export function intentKey(scope: string): string {
  const name = PREFIX + scope;
  let key: string | null = null;
  try {
    key = session()?.getItem(name) ?? null;
  } catch {
    key = null;
  }
  key ??= memory.get(name) ?? null;
  if (key) return key;
  const made = newKey();
  memory.set(name, made);
  try {
    session()?.setItem(name, made);
  } catch {
    // Ignored on purpose (spec §8): the in-memory copy still covers this page's life.
  }
  return made;
}

/** True when an intent already has a key (an unfinished purchase of the same thing). */
export function hasIntentKey(scope: string): boolean {
  try {
    if (session()?.getItem(PREFIX + scope)) return true;
  } catch {
    // fall through to memory
  }
  return memory.has(PREFIX + scope);
}

export function clearIntentKey(scope: string): void {
  memory.delete(PREFIX + scope);
  try {
    session()?.removeItem(PREFIX + scope);
  } catch {
    // Ignored on purpose (spec §8).
  }
}

/** sessionStorage JSON helpers for small records tied to this tab (e.g. a pending order's intent). */
export function readSessionJson<T>(name: string): T | null {
  try {
    const raw = session()?.getItem(name);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeSessionJson(name: string, value: unknown): void {
  try {
    session()?.setItem(name, JSON.stringify(value));
  } catch {
    // Ignored on purpose (spec §8).
  }
}
