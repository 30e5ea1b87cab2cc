import { useSyncExternalStore } from 'react';
import { downloadManager } from '../../lib/offline/download-manager';
import type { DownloadRecord } from '../../lib/offline/download-types';

// `list()` builds a new array on every call; React needs the same one until something changed, or
// it would render forever. This listener is the first the manager has, so the list is marked stale
// before any component's listener reads it.
let snapshot: readonly DownloadRecord[] = [];
let stale = true;
downloadManager.subscribe(() => {
  stale = true;
});

function getSnapshot(): readonly DownloadRecord[] {
  if (stale) {
    snapshot = downloadManager.list();
    stale = false;
  }
  return snapshot;
}

/** The account's downloads, oldest first, re-rendering on every change (progress included). */
export function useDownloads(): readonly DownloadRecord[] {
  return useSyncExternalStore(downloadManager.subscribe, getSnapshot, getSnapshot);
}

let started = false;

/** Starts the download queue once per page load (the shell calls it; a second call does nothing). */
export function startDownloads(): void {
  if (started) return;
  started = true;
  downloadManager.start();
}
