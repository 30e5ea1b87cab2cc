import { DOWNLOADS_CACHE } from './media-cache';
import { offlineDb } from './offline-db';
import { workSnapshotKey, type DownloadRecord, type LastSeen, type WorkSnapshot } from './download-types';

/** Every download of an account, in no particular order. */
export async function listDownloads(uid: number): Promise<DownloadRecord[]> {
  const db = await offlineDb();
  return db.getAllFromIndex('downloads', 'uid', uid);
}

export async function getDownload(key: string): Promise<DownloadRecord | undefined> {
  const db = await offlineDb();
  return db.get('downloads', key);
}

export async function putDownload(record: DownloadRecord): Promise<void> {
  const db = await offlineDb();
  await db.put('downloads', record);
}

/**
 * Removes downloads and the files no other download of any account still uses (a cover or a
 * subtitle can be shared), then the work snapshots no download needs any more.
 */
export async function deleteDownloads(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const db = await offlineDb();
  const gone = new Set(keys);
  const all = await db.getAll('downloads');
  const kept = all.filter((record) => !gone.has(record.key));
  const stillUsed = new Set(kept.flatMap((record) => record.files));
  const orphans = all
    .filter((record) => gone.has(record.key))
    .flatMap((record) => record.files)
    .filter((url) => !stillUsed.has(url));
  const tx = db.transaction(['downloads', 'works'], 'readwrite');
  for (const key of keys) void tx.objectStore('downloads').delete(key);
  const neededWorks = new Set(kept.map((record) => `${record.uid}:${record.workId}`));
  for (const work of await tx.objectStore('works').getAll()) {
    if (!neededWorks.has(`${work.uid}:${work.workId}`)) void tx.objectStore('works').delete(work.key);
  }
  await tx.done;
  if (orphans.length > 0 && typeof caches !== 'undefined') {
    const cache = await caches.open(DOWNLOADS_CACHE);
    await Promise.all([...new Set(orphans)].map((url) => cache.delete(url)));
  }
}

/** Everything kept for an account: its downloads and their files, its snapshots and last-seen lists. */
export async function deleteAccountData(uid: number): Promise<void> {
  const db = await offlineDb();
  const keys = await db.getAllKeysFromIndex('downloads', 'uid', uid);
  await deleteDownloads(keys);
  const tx = db.transaction(['works', 'lastSeen'], 'readwrite');
  for (const key of await tx.objectStore('works').index('uid').getAllKeys(uid))
    void tx.objectStore('works').delete(key);
  for (const key of await tx.objectStore('lastSeen').index('uid').getAllKeys(uid))
    void tx.objectStore('lastSeen').delete(key);
  await tx.done;
}

export async function putWorkSnapshot(snapshot: Omit<WorkSnapshot, 'key' | 'savedAt'>): Promise<void> {
  const db = await offlineDb();
  const key = workSnapshotKey(snapshot.uid, snapshot.type, snapshot.workId);
  const previous = await db.get('works', key);
  await db.put('works', {
    ...snapshot,
    // A snapshot taken without one of the two keeps what an earlier one had.
    detail: snapshot.detail ?? previous?.detail ?? null,
    chapters: snapshot.chapters ?? previous?.chapters ?? null,
    key,
    savedAt: Date.now(),
  });
}

export async function getWorkSnapshot(
  uid: number,
  type: number,
  workId: number,
): Promise<WorkSnapshot | undefined> {
  const db = await offlineDb();
  return db.get('works', workSnapshotKey(uid, type, workId));
}

export async function putLastSeen(uid: number, name: string, data: unknown): Promise<void> {
  const db = await offlineDb();
  const record: LastSeen = { key: `${uid}:${name}`, uid, data, savedAt: Date.now() };
  await db.put('lastSeen', record);
}

export async function getLastSeen(uid: number, name: string): Promise<LastSeen | undefined> {
  const db = await offlineDb();
  return db.get('lastSeen', `${uid}:${name}`);
}
