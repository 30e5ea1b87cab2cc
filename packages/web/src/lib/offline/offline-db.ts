import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DownloadRecord, LastSeen, WorkSnapshot } from './download-types';

interface OfflineSchema extends DBSchema {
  downloads: { key: string; value: DownloadRecord; indexes: { uid: number } };
  works: { key: string; value: WorkSnapshot; indexes: { uid: number } };
  lastSeen: { key: string; value: LastSeen; indexes: { uid: number } };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

const DB_NAME = 'dm51-offline';
const DB_VERSION = 1;

let opening: Promise<OfflineDb> | null = null;

/** The one IndexedDB database of downloads, their works and the last-seen lists. */
export function offlineDb(): Promise<OfflineDb> {
  opening ??= openDB<OfflineSchema>(DB_NAME, DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('downloads', { keyPath: 'key' }).createIndex('uid', 'uid');
      db.createObjectStore('works', { keyPath: 'key' }).createIndex('uid', 'uid');
      db.createObjectStore('lastSeen', { keyPath: 'key' }).createIndex('uid', 'uid');
    },
    // Another tab upgraded the database: let it, and open again next time.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}
