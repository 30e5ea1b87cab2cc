import { readJson, STORAGE_KEYS, writeJson } from '../storage';

/**
 * Which chapters and episodes are downloaded, known without IndexedDB: a reader opening at launch
 * must decide at once whether to take the downloaded copy, and the launch chunk must not carry the
 * download code (it is imported only when there is a copy to open or nothing answers).
 */
let keys: Set<string> | null = null;

function all(): Set<string> {
  keys ??= new Set(readJson<string[]>(STORAGE_KEYS.downloaded) ?? []);
  return keys;
}

export function isDownloaded(key: string): boolean {
  return all().has(key);
}

export function markDownloaded(key: string, downloaded: boolean): void {
  const set = all();
  if (set.has(key) === downloaded) return;
  if (downloaded) set.add(key);
  else set.delete(key);
  writeJson(STORAGE_KEYS.downloaded, [...set]);
}

/** Forgets every key of an account (logout). */
export function forgetAccount(uid: number): void {
  const set = all();
  for (const key of [...set]) if (key.startsWith(`${uid}:`)) set.delete(key);
  writeJson(STORAGE_KEYS.downloaded, [...set]);
}
