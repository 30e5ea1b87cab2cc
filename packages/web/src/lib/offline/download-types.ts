/**
 * What the app keeps for reading and watching with no connection (docs/read/offline.md). A download
 * is one chapter or episode of one account: its reader's answer (the page list, the novel text, the
 * episode's playlists) in IndexedDB, and its files, byte for byte as the server sent them (`_xfile`
 * pages still XOR-encoded, paid episodes' segments still AES-128 encrypted), in Cache Storage.
 */
export type DownloadKind = 'comic' | 'novel' | 'anime';

export type DownloadState = 'queued' | 'downloading' | 'paused' | 'done' | 'failed';

/** Why a download stopped: shown to the reader in their language. */
export type DownloadError = 'quota' | 'locked' | 'network' | 'gone' | 'server';

export interface DownloadRecord {
  /** `${uid}:${kind}:${chapterId}`. */
  key: string;
  uid: number;
  kind: DownloadKind;
  workId: number;
  workName: string;
  /** The work's cover path, stored with the files so the Downloads page shows it offline. */
  cover: string;
  chapterId: number;
  chapterName: string;
  /** The chapter's place in the work's list, for ordering the Downloads page. */
  order: number;
  state: DownloadState;
  error: DownloadError | null;
  /** Files stored so far and in all (0 until the chapter's answer is known). */
  doneFiles: number;
  totalFiles: number;
  /** Bytes stored so far. */
  bytes: number;
  /** The URLs of the files in the downloads cache, known once the answer is in. */
  files: string[];
  /** The chapter needed an active VIP: it opens offline only while the last known VIP lasts. */
  vipOnly: boolean;
  /** Episodes: the chosen quality's name ('720p'); '' for chapters. */
  quality: string;
  /** The reader's call answer (comic/read, book/read, anime/play), kept once fetched. */
  payload: unknown;
  createdAt: number;
  completedAt: number;
}

/** A work's detail and chapter list as they were when a chapter of it was downloaded. */
export interface WorkSnapshot {
  /** `${uid}:${type}:${workId}`. */
  key: string;
  uid: number;
  type: number;
  workId: number;
  detail: unknown;
  chapters: unknown;
  savedAt: number;
}

/** What the app last showed for a list (shelf, history): shown as it was when there is no connection. */
export interface LastSeen {
  /** `${uid}:${name}`. */
  key: string;
  uid: number;
  data: unknown;
  savedAt: number;
}

export function downloadKey(uid: number, kind: DownloadKind, chapterId: number): string {
  return `${uid}:${kind}:${chapterId}`;
}

export function workSnapshotKey(uid: number, type: number, workId: number): string {
  return `${uid}:${type}:${workId}`;
}
