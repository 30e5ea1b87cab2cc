/**
 * The invite share link and the code it carries. A link is `<origin>/#/pages/user/invite/write
 * ?code=CODE&channelCode=CH`: the channel code is the one this app was launched with (spec §2),
 * so a friend who installs through it is attributed to the same channel. When a visitor opens such
 * a link, the code is kept (`dm51.inviteCode`, 7 days) so the register page can pre-fill it even
 * though the write page itself sends guests to login first (spec §2 guard).
 */
import { hashQuery } from './channel';

const PENDING_KEY = 'dm51.inviteCode';
/** A kept code is forgotten after this long (the server's window is about as long). */
const PENDING_MS = 7 * 86_400_000;
const CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;
const WRITE_PATH = '/pages/user/invite/write';

/** The absolute link to share for `sharePath` (the server's '/#/pages/user/invite/write?code=…'). */
export function inviteShareLink(sharePath: string, origin: string, channel: string): string {
  const url = new URL(sharePath, origin);
  const [route, query = ''] = url.hash.split('?');
  const params = new URLSearchParams(query);
  params.set('channelCode', channel);
  url.hash = `${route}?${params.toString()}`;
  return url.toString();
}

/** The invite code of a launch URL when it opens the write page ('' otherwise or when malformed). */
export function inviteCodeFromLaunch(location: Pick<Location, 'hash'>): string {
  const path = location.hash.replace(/^#/, '').split('?')[0];
  if (path !== WRITE_PATH) return '';
  const code = new URLSearchParams(hashQuery(location.hash).slice(1)).get('code')?.trim() ?? '';
  return CODE_PATTERN.test(code) ? code.toUpperCase() : '';
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function keepInviteCode(code: string, now = Date.now()): void {
  try {
    storage()?.setItem(PENDING_KEY, JSON.stringify({ code, time: now }));
  } catch {
    // Storage failures are ignored (spec §8): the visitor can still type the code.
  }
}

/** The kept code, if it is recent enough. */
export function keptInviteCode(now = Date.now()): string {
  try {
    const kept = JSON.parse(storage()?.getItem(PENDING_KEY) ?? 'null') as {
      code?: unknown;
      time?: unknown;
    } | null;
    if (typeof kept?.code !== 'string' || typeof kept.time !== 'number') return '';
    return now - kept.time <= PENDING_MS && CODE_PATTERN.test(kept.code) ? kept.code : '';
  } catch {
    return '';
  }
}

export function forgetInviteCode(): void {
  try {
    storage()?.removeItem(PENDING_KEY);
  } catch {
    // Ignored on purpose (spec §8).
  }
}

/** At launch: keep the code of an invite link the app was opened with. */
export function rememberLaunchInvite(location: Pick<Location, 'hash'>): void {
  const code = inviteCodeFromLaunch(location);
  if (code) keepInviteCode(code);
}
