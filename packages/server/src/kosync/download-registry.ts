/**
 * Every file the OPDS catalogue hands an account is recorded under both of KOReader's ids for it
 * (its partial MD5 and the MD5 of each name it may be saved under), so that when KOReader syncs
 * that file the server knows which work, chapter and spine it is. Downloads are byte-stable
 * (download-reply.ts), so the same book gives the same id every time.
 */
import { nowSeconds } from '../db/database.js';
import type { Download } from '../opds/download-reply.js';
import { downloadFileNames, fileNameMd5, partialMd5OfBuffer } from './document-id.js';
import type { SyncDocumentsRepository } from './sync-documents.repository.js';

export class DownloadRegistry {
  constructor(
    private readonly documents: SyncDocumentsRepository,
    private readonly now: () => number = nowSeconds,
  ) {}

  /** The document ids of a download: content first, then each file name. */
  static idsOf(download: Download): string[] {
    if (!download.sync) return [];
    const ext = download.name.split('.').pop() ?? '';
    const names = downloadFileNames(download.name, download.sync, ext);
    return [partialMd5OfBuffer(download.data), ...names.map(fileNameMd5)];
  }

  async record(userId: number, download: Download): Promise<void> {
    if (!download.sync) return;
    await this.documents.register(userId, DownloadRegistry.idsOf(download), download.sync.target, this.now());
  }
}
