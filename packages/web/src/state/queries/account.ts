/**
 * Account actions (spec §4): log in, register, recover, bind, identity card, profile, logout and
 * deletion. Every action that yields a new identity goes through `applyLogin`/`applyBinding`, which
 * follow the spec's store rules (token, uid and guest flag stored; 'ispass' cleared; user reloaded).
 */
import { type BindResult, type CodePurpose, type LoginResult, type UserInfo } from '@dm51/shared';
import {
  appBindTelCall,
  loginFindPassCall,
  loginIdentityLoginCall,
  loginIndexCall,
  loginMailcodeCall,
  loginRegCall,
  loginTelcodeCall,
  userBindEmailCall,
  userCardCall,
  userEditCall,
  userLogoutCall,
  userUppicCall,
  userWriteOffCall,
} from '@dm51/shared/call-refs';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { writeBlacklist } from './comment';
import { callApi } from '../../lib/api/client';
import { getDeviceId } from '../../lib/device';
import { facilityFor } from '../../lib/platform';
import { sessionStore } from '../session';
import { accountKeys, invalidate, startSettingsKeys, userKeys } from './query-keys';
import { bootstrapGuestSession, fetchUserInfoOnce } from './user';

/** The spec's 'ispass' flag, cleared at every login (spec §4). */
const ISPASS_KEY = 'ispass';

function clearIspass(): void {
  try {
    globalThis.localStorage?.removeItem(ISPASS_KEY);
  } catch {
    // Storage failures are ignored (spec §8).
  }
}

/** The device fields of the calls that do not merge session fields (login index, reg, identity_login). */
function device() {
  return { deviceid: getDeviceId(), facility: facilityFor(globalThis.navigator?.userAgent ?? '') };
}

/** Spec §4: store the new token, uid and guest flag, clear 'ispass', then load the user. */
export async function applyLogin(client: QueryClient, result: LoginResult): Promise<UserInfo> {
  sessionStore.setIdentity(result.token, result.uid, result.is_guest);
  clearIspass();
  // Everything cached belonged to the previous identity.
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== startSettingsKeys.all[0] });
  return fetchUserInfoOnce(client, result.uid);
}

/**
 * Spec §4 visitor conversion: token, uid and guest flag from is_token, is_uid, is_guest. A bound
 * account may do tasks (the bind task pays), keeps its AI tries and wallet under new rules.
 */
async function applyBinding(client: QueryClient, result: BindResult): Promise<UserInfo> {
  sessionStore.setIdentity(result.is_token, result.is_uid, result.is_guest);
  invalidate(client, 'wallet', 'tasks', 'ai', 'messages');
  return fetchUserInfoOnce(client, result.is_uid);
}

export type AccountKind = 'tel' | 'email';

export function sendCode(kind: AccountKind, address: string, type: CodePurpose) {
  return kind === 'tel'
    ? callApi(loginTelcodeCall, { tel: address, type })
    : callApi(loginMailcodeCall, { email: address, type });
}

export function useLoginMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { account: string; password: string }) =>
      applyLogin(client, await callApi(loginIndexCall, { ...input, ...device() })),
  });
}

/** Registration converts the current guest (its token and uid go along as guest_token/guest_uid). */
export function useRegisterMutation() {
  const client = useQueryClient();
  return useMutation({
    // Invite programme: `invite_code` ('' for none) is entered for the new account; the
    // answer's `invite` says what came of it.
    mutationFn: async (input: { account: string; code: string; password: string; invite_code?: string }) => {
      const { token, uid, isGuest } = sessionStore.get();
      const guest = isGuest && token !== '' ? { guest_token: token, guest_uid: uid } : {};
      const result = await callApi(loginRegCall, { ...input, ...guest, ...device() });
      await applyLogin(client, result);
      return { invite: result.invite };
    },
  });
}

export function useFindPassMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { account: string; code: string; password: string }) =>
      applyLogin(client, await callApi(loginFindPassCall, input)),
  });
}

/** Identity-card login from an image (decoded on the server) or from scanned text. */
export function useIdentityLoginMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { file?: Blob; credential?: string }) => {
      const result = await callApi(
        loginIdentityLoginCall,
        { credential: input.credential ?? '', ...device() },
        input.file ? { file: input.file } : {},
      );
      // Spec §5: success needs code 1 plus a token and a uid.
      if (!result.token || !result.uid) throw new Error('identity login answered without a session');
      return applyLogin(client, result);
    },
  });
}

export function useBindMutation(kind: AccountKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { address: string; code: string; password: string }) => {
      const result =
        kind === 'tel'
          ? await callApi(appBindTelCall, { tel: input.address, code: input.code, password: input.password })
          : await callApi(userBindEmailCall, {
              email: input.address,
              code: input.code,
              password: input.password,
            });
      return applyBinding(client, result);
    },
  });
}

/** A profile edit: the answer is the new record; the profile task and one's comments show it too. */
function storeUser(client: QueryClient, user: UserInfo): void {
  sessionStore.setUserInfo(user);
  client.setQueryData(userKeys.info(user.id), user);
  invalidate(client, 'tasks', 'comments');
}

export function useEditNicknameMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (nickname: string) => {
      const { user } = await callApi(userEditCall, { nickname });
      storeUser(client, user);
      return user;
    },
  });
}

export function useUploadAvatarMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: Blob) => {
      const { user } = await callApi(userUppicCall, {}, { file });
      storeUser(client, user);
      return user;
    },
  });
}

/** The identity card; the first read makes one (its QR is only ever shown in that answer). */
export function useIdentityCardQuery(uid: number) {
  return useQuery({
    queryKey: accountKeys.card(uid),
    queryFn: () => callApi(userCardCall, { regenerate: false }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useRegenerateCardMutation(uid: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(userCardCall, { regenerate: true }),
    onSuccess: (card) => client.setQueryData(accountKeys.card(uid), card),
  });
}

/** Spec §4 logout: the session is revoked, user info and token cleared, a fresh visitor session starts. */
export async function logoutToGuest(client: QueryClient): Promise<void> {
  await callApi(userLogoutCall, {}).catch(() => undefined);
  await startFreshGuest(client);
}

async function startFreshGuest(client: QueryClient): Promise<void> {
  const leaving = sessionStore.get().uid;
  // The account's downloads, what was kept of its lists and its queue of offline places stay with
  // the account, not the device.
  if (leaving > 0)
    await Promise.all([
      import('../../lib/offline/download-manager').then((m) => m.downloadManager.forgetAccount(leaving)),
      import('../../lib/offline/outbox-sync').then((m) => m.settleOutboxBeforeLogout(leaving)),
    ]).catch(() => undefined);
  sessionStore.clear();
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== startSettingsKeys.all[0] });
  await bootstrapGuestSession(client);
}

export function useLogoutMutation() {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => logoutToGuest(client) });
}

export function useWriteOffMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (confirm: { password?: string; code?: string }) => {
      await callApi(userWriteOffCall, { password: confirm.password ?? '', code: confirm.code ?? '' });
      // The deleted account's blocks go with it: the fresh guest on this device starts with none.
      writeBlacklist([]);
      await startFreshGuest(client);
    },
  });
}
