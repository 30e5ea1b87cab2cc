import { DEFAULT_CHANNEL_CODE } from '@dm51/shared';
import { readString, STORAGE_KEYS, writeString } from './storage';

const CHANNEL_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The channel code from a launch query string (`channelCode`, else `channel`). Anything that does
 * not look like a code is ignored so a crafted link cannot inject text into download links.
 */
export function parseChannelCode(query: string): string | null {
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  for (const name of ['channelCode', 'channel']) {
    const value = params.get(name)?.trim();
    if (value && CHANNEL_PATTERN.test(value)) return value;
  }
  return null;
}

/** The query part of a hash route ('#/pages/x?channel=a' → '?channel=a'). */
export function hashQuery(hash: string): string {
  const index = hash.indexOf('?');
  return index < 0 ? '' : hash.slice(index);
}

/** Launch links may carry the code before or inside the hash; the page query wins. */
export function launchChannelCode(search: string, hash: string): string | null {
  return parseChannelCode(search) ?? parseChannelCode(hashQuery(hash));
}

export function rememberLaunchChannel(location: Pick<Location, 'search' | 'hash'>): void {
  const code = launchChannelCode(location.search, location.hash);
  if (code) writeString(STORAGE_KEYS.channelCode, code);
}

export function getChannelCode(): string {
  return readString(STORAGE_KEYS.channelCode) || DEFAULT_CHANNEL_CODE;
}

/** app_download_url with the stored channel code appended as `channelCode` (spec §2 install banner). */
export function withChannelCode(url: string, code: string): string {
  if (!url) return url;
  try {
    const parsed = new URL(url, globalThis.location?.href ?? 'http://localhost/');
    parsed.searchParams.set('channelCode', code);
    return parsed.toString();
  } catch {
    return url;
  }
}
