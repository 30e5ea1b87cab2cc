/**
 * Steps of the offline browser tests: what the app keeps in IndexedDB for its downloads, read from
 * the page as the app wrote it, and waiting for downloads to finish.
 */
import type { Page } from 'playwright-core';

export interface StoredDownload {
  key: string;
  kind: 'comic' | 'novel' | 'anime';
  chapterId: number;
  state: string;
  error: string | null;
  doneFiles: number;
  totalFiles: number;
  bytes: number;
  files: string[];
  /** When it was queued and stored complete, ms since the epoch (the app's clock). */
  createdAt: number;
  completedAt: number;
}

/** Every download record the app stored, read from its IndexedDB database. */
export function storedDownloads(page: Page): Promise<StoredDownload[]> {
  return page.evaluate(
    () =>
      new Promise<StoredDownload[]>((resolve, reject) => {
        const open = indexedDB.open('dm51-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('downloads')) {
            db.close();
            resolve([]);
            return;
          }
          const request = db.transaction('downloads').objectStore('downloads').getAll();
          request.onsuccess = () => {
            db.close();
            resolve(request.result as StoredDownload[]);
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

/** Waits until the chapters' downloads are stored complete (or one of them failed). */
export async function waitForDownloads(
  page: Page,
  chapterIds: readonly number[],
  timeoutMs = 60_000,
): Promise<StoredDownload[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const records = (await storedDownloads(page)).filter((record) => chapterIds.includes(record.chapterId));
    const failed = records.find((record) => record.state === 'failed');
    if (failed) throw new Error(`download of chapter ${failed.chapterId} failed: ${failed.error}`);
    if (records.length === chapterIds.length && records.every((record) => record.state === 'done'))
      return records;
    if (Date.now() > deadline)
      throw new Error(
        `downloads not finished: ${JSON.stringify(records.map((r) => [r.chapterId, r.state, r.doneFiles, r.totalFiles]))}`,
      );
    await page.waitForTimeout(250);
  }
}

/** How many of the images on the page have arrived and decoded. */
export function decodedImages(page: Page, selector: string): Promise<number> {
  return page.evaluate(
    (css) =>
      Array.from(document.querySelectorAll<HTMLImageElement>(css)).filter(
        (img) => img.complete && img.naturalWidth > 0,
      ).length,
    selector,
  );
}
