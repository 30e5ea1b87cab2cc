import { type UserInfo } from '@dm51/shared';
import { appInitCall, userIndexCall } from '@dm51/shared/call-refs';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { afterLanding } from '../../lib/after-landing';
import { getDeviceId } from '../../lib/device';
import { guestToUserInfo, sessionStore } from '../session';
import { useSession } from '../use-session';
import { LIVE, userKeys } from './query-keys';

async function fetchUserInfo({ signal }: { signal: AbortSignal }): Promise<UserInfo> {
  const { user } = await callApi(userIndexCall, {}, { signal });
  sessionStore.setUserInfo(user);
  return user;
}

/**
 * The session owner's user-info record; starts from the stored copy so the mine page paints at once.
 * Live: balances and VIP time also move by others' doing (invite rewards, refunds, grants).
 */
export function useUserInfoQuery() {
  const session = useSession();
  return useQuery({
    queryKey: userKeys.info(session.uid),
    queryFn: fetchUserInfo,
    enabled: session.token !== '',
    initialData: session.userInfo ?? undefined,
    // The stored copy is only a placeholder: refresh it on first use.
    initialDataUpdatedAt: 0,
    ...LIVE,
  });
}

export function fetchUserInfoOnce(client: QueryClient, uid: number): Promise<UserInfo> {
  return client.fetchQuery({ queryKey: userKeys.info(uid), queryFn: fetchUserInfo, staleTime: 0 });
}

/**
 * A guest made at this launch has the init answer's record; the full one is fetched once the
 * landing page has painted: nothing on a new visitor's first screen needs more, and on a phone's
 * first load this call would be one of the last round trips before that paint.
 */
export function refreshNewGuestRecord(client: QueryClient, uid: number): void {
  void afterLanding().then(() => fetchUserInfoOnce(client, uid).catch(() => undefined));
}

/**
 * Visitor init for a device without a session (spec §4): stores the identity, a provisional
 * user-info record from the guest fields, then the real record from /v3/user/index. A guest's
 * record is complete enough to start with (spec §3 maps it), so the launch does not wait for
 * /v3/user/index: it is fetched once the landing page has painted.
 */
export async function bootstrapGuestSession(client: QueryClient): Promise<void> {
  const init = await callApi(appInitCall, { deviceid: getDeviceId() });
  sessionStore.setIdentity(init.token, init.user.id, init.is_guest);
  if (init.is_guest) {
    sessionStore.setUserInfo(guestToUserInfo(init.guest, init.user.id));
    refreshNewGuestRecord(client, init.user.id);
    return;
  }
  await fetchUserInfoOnce(client, init.user.id);
}
