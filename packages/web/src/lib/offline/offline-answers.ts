import { ApiCode } from '@dm51/shared';
import { ApiError } from '../api/errors';
import { sessionStore } from '../../state/session';
import { getDownload, getLastSeen, getWorkSnapshot, putLastSeen } from './download-store';
import { downloadKey, type DownloadKind } from './download-types';

function online(): boolean {
  return globalThis.navigator?.onLine !== false;
}

/** VIP as the app last heard it (the stored user info): the grace a download gets offline. */
function vipKnownActive(nowMs = Date.now()): boolean {
  const user = sessionStore.get().userInfo;
  return !!user && user.vip > 0 && user.viptime * 1000 > nowMs;
}

/**
 * A downloaded chapter's or episode's answer, for the readers and the player: the same answer the
 * server gave when it was downloaded, whose files the service worker serves from the downloads
 * cache. A VIP-only download opens while the VIP the app last heard of lasts; once that has
 * ended, online the server decides (null: ask it — renewed elsewhere, it answers), offline the
 * chapter is locked as the server would lock it.
 */
export async function downloadedAnswer<T>(kind: DownloadKind, chapterId: number): Promise<T | null> {
  const uid = sessionStore.get().uid;
  if (uid <= 0) return null;
  const record = await getDownload(downloadKey(uid, kind, chapterId)).catch(() => undefined);
  if (!record || record.state !== 'done' || record.payload === null) return null;
  if (record.vipOnly && !vipKnownActive()) {
    if (online()) return null;
    throw new ApiError('code', '', ApiCode.VIP_REQUIRED);
  }
  return record.payload as T;
}

/** A work's detail or chapter list as it was when a chapter of it was downloaded. */
export async function keptWorkPart<T>(
  type: number,
  workId: number,
  part: 'detail' | 'chapters',
): Promise<T | undefined> {
  const uid = sessionStore.get().uid;
  if (uid <= 0) return undefined;
  const kept = await getWorkSnapshot(uid, type, workId);
  const value = kept?.[part];
  return value === null || value === undefined ? undefined : (value as T);
}

export async function keptList<T>(name: string): Promise<T | undefined> {
  const uid = sessionStore.get().uid;
  if (uid <= 0) return undefined;
  return (await getLastSeen(uid, name))?.data as T | undefined;
}

export async function keepList(name: string, data: unknown): Promise<void> {
  const uid = sessionStore.get().uid;
  if (uid > 0) await putLastSeen(uid, name, data);
}
