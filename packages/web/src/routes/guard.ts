import { isLoggedIn, type Session } from '../state/session';
import { findRoute, LOGIN_PATH } from './route-table';

/**
 * Spec §2 guard: guests (no token, no real user id, or the guest flag) heading for a guarded page
 * (vip, balance, invite index, invite write, settings info) go to login instead.
 * Returns the path to redirect to, or null to let the navigation proceed.
 */
export function guardRedirect(
  targetPath: string,
  session: Pick<Session, 'token' | 'uid' | 'isGuest'>,
): string | null {
  const route = findRoute(targetPath);
  if (!route?.guarded) return null;
  return isLoggedIn(session) ? null : LOGIN_PATH;
}
