/** Reads of the audit log, and the one write made outside a change transaction (a sign-in). */
import type { Database } from '../../db/database.js';
import { nowSeconds } from '../../db/database.js';
import { AuditRepository, type AuditActor, type AuditEntry, type AuditFilter } from './audit.repository.js';

export class AuditService {
  private readonly repo: AuditRepository;

  constructor(db: Database) {
    this.repo = new AuditRepository(db);
  }

  record(actor: AuditActor, entry: AuditEntry): Promise<void> {
    return this.repo.insert(actor, entry, nowSeconds());
  }

  list(filter: AuditFilter, page: number, size: number) {
    return this.repo.list(filter, (page - 1) * size, size);
  }

  actions(): Promise<string[]> {
    return this.repo.actions();
  }
}
