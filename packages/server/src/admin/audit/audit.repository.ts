/** The audit log: one row per change made in the console, written in the change's own transaction. */
import type { Database } from '../../db/database.js';

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

export interface AuditActor {
  operatorId: number;
  operatorName: string;
  ip: string;
}

export interface AuditFilter {
  operatorId?: number | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

export class AuditRepository {
  constructor(private readonly db: Database) {}

  async insert(actor: AuditActor, entry: AuditEntry, time: number): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({
        operator_id: actor.operatorId,
        operator_name: actor.operatorName,
        action: entry.action,
        target_type: entry.targetType,
        target_id: String(entry.targetId),
        before_json: JSON.stringify(entry.before ?? null),
        after_json: JSON.stringify(entry.after ?? null),
        ip: actor.ip.slice(0, 64),
        created_time: time,
      })
      .execute();
  }

  async list(filter: AuditFilter, offset: number, limit: number) {
    let query = this.db.selectFrom('audit_log');
    if (filter.operatorId) query = query.where('operator_id', '=', filter.operatorId);
    if (filter.action) query = query.where('action', '=', filter.action);
    if (filter.targetType) query = query.where('target_type', '=', filter.targetType);
    if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
    if (filter.from) query = query.where('created_time', '>=', filter.from);
    if (filter.to) query = query.where('created_time', '<', filter.to);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await query.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute();
    return {
      total: Number(total.n),
      rows: rows.map((row) => ({
        id: row.id,
        operatorId: row.operator_id,
        operatorName: row.operator_name,
        action: row.action,
        targetType: row.target_type,
        targetId: row.target_id,
        before: JSON.parse(row.before_json) as unknown,
        after: JSON.parse(row.after_json) as unknown,
        ip: row.ip,
        time: Number(row.created_time),
      })),
    };
  }

  async actions(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('audit_log')
      .select('action')
      .distinct()
      .orderBy('action')
      .execute();
    return rows.map((row) => row.action);
  }
}
