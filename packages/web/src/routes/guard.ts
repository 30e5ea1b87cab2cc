import { isLoggedIn, type Session } from '../state/session';
import { findRoute, LOGIN_PATH } from './route-table';

/**
 * Spec §2 guard: guests (no token, no real user id, or the guest flag) heading for a guarded page
 * (vip, balance, invite index, invite write, settings info) go to login instead.
 * Returns the path to redirect to, or null to let the navigation proceed. The login page is told
 * where the guest was going (`?redirect=`), so that logging in or registering continues there and
 * the login page can say why it opened (binding a phone or e-mail, for one).
 */
export function guardRedirect(
  targetPath: string,
  session: Pick<Session, 'token' | 'uid' | 'isGuest'>,
): string | null {
  const route = findRoute(targetPath);
  if (!route?.guarded) return null;
  return isLoggedIn(session) ? null : `${LOGIN_PATH}?redirect=${encodeURIComponent(targetPath)}`;
}
