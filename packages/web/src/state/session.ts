import type { GuestInfo, UserInfo } from '@dm51/shared';
import { readJson, readString, removeKey, STORAGE_KEYS, writeJson, writeString } from '../lib/storage';

/** The session as the spec stores it (§3, §4): token, uid, guest flag and the user-info record. */
export interface Session {
  token: string;
  uid: number;
  isGuest: boolean;
  userInfo: UserInfo | null;
}

/** Logged in = token exists, user id above 0, not a guest (spec §4). */
export function isLoggedIn(session: Pick<Session, 'token' | 'uid' | 'isGuest'>): boolean {
  return session.token !== '' && session.uid > 0 && !session.isGuest;
}

function readSession(): Session {
  const uid = Number(readString(STORAGE_KEYS.uid) ?? 0);
  return {
    token: readString(STORAGE_KEYS.token) ?? '',
    uid: Number.isFinite(uid) ? uid : 0,
    // A missing flag with a token is treated as guest: the safe side for the guard.
    isGuest: readString(STORAGE_KEYS.isGuest) !== '0',
    userInfo: readJson<UserInfo>(STORAGE_KEYS.userInfo),
  };
}

let session: Session = readSession();
const listeners = new Set<() => void>();

function commit(next: Session): void {
  session = next;
  listeners.forEach((listener) => listener());
}

export const sessionStore = {
  get: (): Session => session,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /**
   * Stores a new identity (visitor init, login, binding). The stored user info described the
   * previous identity, so it goes too: no page may show the old name while the new one loads.
   */
  setIdentity(token: string, uid: number, isGuest: boolean): void {
    writeString(STORAGE_KEYS.token, token);
    writeString(STORAGE_KEYS.uid, String(uid));
    writeString(STORAGE_KEYS.isGuest, isGuest ? '1' : '0');
    removeKey(STORAGE_KEYS.userInfo);
    commit({ ...session, token, uid, isGuest, userInfo: null });
  },
  setUserInfo(userInfo: UserInfo): void {
    writeJson(STORAGE_KEYS.userInfo, userInfo);
    commit({ ...session, userInfo });
  },
  /** After a 401 or logout: token and info go, the device id stays so the guest can come back. */
  clear(): void {
    removeKey(STORAGE_KEYS.token);
    removeKey(STORAGE_KEYS.uid);
    removeKey(STORAGE_KEYS.isGuest);
    removeKey(STORAGE_KEYS.userInfo);
    commit({ token: '', uid: 0, isGuest: true, userInfo: null });
  },
};

/** The guest part of /v3/app/init mapped into a user-info record (spec §3), until /v3/user/index answers. */
export function guestToUserInfo(guest: GuestInfo, uid: number): UserInfo {
  return {
    id: uid,
    nichen: guest.guest_name,
    pass: guest.pass,
    uuid: guest.guest_uuid,
    pic: guest.pic,
    tel: '',
    vip: 0,
    viptime: 0,
    cion: 0,
    ticket: 0,
    rmb: 0,
    vipday: 0,
    name: guest.guest_name,
    telCode: '',
    inviteid: '',
    email: '',
    ai_cos_coin: guest.ai_cos_coin,
    ai_free_time: 0,
    is_guest: true,
  };
}
