import { type UserInfo } from '@dm51/shared';
import { appInitCall, userIndexCall } from '@dm51/shared/call-refs';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { getDeviceId } from '../../lib/device';
import { guestToUserInfo, sessionStore } from '../session';
import { useSession } from '../use-session';

export const userKeys = {
  all: ['user'] as const,
  info: (uid: number) => ['user', 'info', uid] as const,
};

async function fetchUserInfo({ signal }: { signal: AbortSignal }): Promise<UserInfo> {
  const { user } = await callApi(userIndexCall, {}, { signal });
  sessionStore.setUserInfo(user);
  return user;
}

/** The session owner's user-info record; starts from the stored copy so the mine page paints at once. */
export function useUserInfoQuery() {
  const session = useSession();
  return useQuery({
    queryKey: userKeys.info(session.uid),
    queryFn: fetchUserInfo,
    enabled: session.token !== '',
    initialData: session.userInfo ?? undefined,
    // The stored copy is only a placeholder: refresh it on first use.
    initialDataUpdatedAt: 0,
  });
}

export function fetchUserInfoOnce(client: QueryClient, uid: number): Promise<UserInfo> {
  return client.fetchQuery({ queryKey: userKeys.info(uid), queryFn: fetchUserInfo, staleTime: 0 });
}

/**
 * Visitor init for a device without a session (spec §4): stores the identity, a provisional
 * user-info record from the guest fields, then the real record from /v3/user/index. A guest's
 * record is complete enough to start with (spec §3 maps it), so the launch does not wait for
 * /v3/user/index: home data and the user record are fetched side by side.
 */
export async function bootstrapGuestSession(client: QueryClient): Promise<void> {
  const init = await callApi(appInitCall, { deviceid: getDeviceId() });
  sessionStore.setIdentity(init.token, init.user.id, init.is_guest);
  if (init.is_guest) {
    sessionStore.setUserInfo(guestToUserInfo(init.guest, init.user.id));
    void fetchUserInfoOnce(client, init.user.id).catch(() => undefined);
    return;
  }
  await fetchUserInfoOnce(client, init.user.id);
}
