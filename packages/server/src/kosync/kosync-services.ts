/** Wires KOReader progress sync: the document records, the sync itself and the download registry. */
import type { Database } from '../db/database.js';
import { CatalogueRepository } from '../repositories/catalogue.repository.js';
import { HistoryRepository } from '../repositories/history.repository.js';
import { DownloadRegistry } from './download-registry.js';
import { KosyncService } from './kosync.service.js';
import { SyncDocumentsRepository } from './sync-documents.repository.js';

export interface KosyncServices {
  sync: KosyncService;
  downloads: DownloadRegistry;
}

export function createKosyncServices(db: Database): KosyncServices {
  const documents = new SyncDocumentsRepository(db);
  return {
    sync: new KosyncService(documents, new CatalogueRepository(db), new HistoryRepository(db)),
    downloads: new DownloadRegistry(documents),
  };
}
