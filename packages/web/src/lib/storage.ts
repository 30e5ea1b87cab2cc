/**
 * localStorage behind one small API. Storage can be full, disabled (private mode) or hold junk from
 * an older build; the spec says storage failures are silently ignored, so every call here is total.
 */
export const STORAGE_KEYS = {
  token: 'token',
  uid: 'uid',
  isGuest: 'isGuest',
  userInfo: 'userInfo',
  /** The device identifier lives under the analytics "stats" key (spec §3). */
  stats: 'stats',
  channelCode: 'channelCode',
  /** The API host chosen from the mirror list, sealed with the envelope. */
  apiHost: 'apiHost',
  themeName: 'themeName',
  theme: 'theme',
  /** The operator's theme colours from /v3/app/theme (theme/theme-overrides.ts), applied from the first paint. */
  themeOverrides: 'themeOverrides',
  locale: 'locale',
  /** Order numbers whose payment success was already reported to analytics (a reload must not repeat it). */
  paySuccessSeen: 'dm51.paySuccessSeen',
  /** The advertising store (spec §3): the last ad list and the close times (lib/ad-store.ts). */
  adStore: 'adStore',
  /** The last update config (spec §3), so the dialog opens at once when a new build is found. */
  updateConfig: 'updateConfig',
  /** '1' when the user turned analytics off in settings. */
  analyticsOptOut: 'dm51.analyticsOptOut',
  /** The keys of finished downloads ('uid:kind:chapterId'), read synchronously when a reader opens. */
  downloaded: 'dm51.downloaded',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readString(key: StorageKey): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(key: StorageKey, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // Ignored on purpose (spec §8).
  }
}

export function removeKey(key: StorageKey): void {
  try {
    store()?.removeItem(key);
  } catch {
    // Ignored on purpose (spec §8).
  }
}

export function readJson<T>(key: StorageKey): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, JSON.stringify(value));
}
