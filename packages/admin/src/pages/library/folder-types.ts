/** A library folder as GET /library/folders answers it (admin/library/library-folders.service.ts). */
export type FolderKind = 'comic' | 'novel' | 'anime';

export interface Folder {
  id: number | null;
  root: string;
  isLibraryDir: boolean;
  addedInConsole: boolean;
  kind: FolderKind | null;
  watch: boolean;
  watchedHere: boolean;
  files: number;
  failedFiles: number;
  works: number;
  lastRun: { status: string; startedTime: number; finishedTime: number | null } | null;
}

/** The job a change started (a first scan, a full rescan after a new kind, a removal). */
export interface StartedJob {
  id: number;
}

export const FOLDER_KINDS: readonly FolderKind[] = ['comic', 'novel', 'anime'];
