/** Import jobs as every instance sees them (import_jobs, migration 0024). */
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { DB, ImportJobsTable } from '../db/schema.js';

export type ImportJobRow = Selectable<ImportJobsTable>;

/** Why a job whose instance stopped did not finish (closed rows, and stale rows as read). */
export const STOPPED_INSTANCE_REASON =
  'the instance running it stopped before it finished; the import resumes on a running instance';

/** The newest jobs the console lists. */
const LIST_LIMIT = 50;

export class ImportJobsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(job: { root: string; demo: boolean; owner: string; queuedTime: number }): Promise<number> {
    const row = await this.db
      .insertInto('import_jobs')
      .values({
        root: job.root,
        demo: job.demo ? 1 : 0,
        state: 'queued',
        owner: job.owner,
        queued_time: job.queuedTime,
        heartbeat_time: job.queuedTime,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async update(id: number, changes: Updateable<ImportJobsTable>): Promise<void> {
    await this.db.updateTable('import_jobs').set(changes).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('import_jobs').where('id', '=', id).execute();
  }

  async find(id: number): Promise<ImportJobRow | undefined> {
    return this.db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Newest first. */
  async newest(): Promise<ImportJobRow[]> {
    return this.db.selectFrom('import_jobs').selectAll().orderBy('id', 'desc').limit(LIST_LIMIT).execute();
  }

  /** The owner is alive: its queued and running jobs say so. */
  async beat(owner: string, now: number): Promise<void> {
    await this.db
      .updateTable('import_jobs')
      .set({ heartbeat_time: now })
      .where('owner', '=', owner)
      .where('state', 'in', ['queued', 'running'])
      .execute();
  }

  /** How many queued or running jobs other instances have (live ones, or stopped ones not yet closed). */
  async countOpenOfOthers(owner: string): Promise<number> {
    const row = await this.db
      .selectFrom('import_jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', 'in', ['queued', 'running'])
      .where('owner', '<>', owner)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** This instance is stopping: its queued and running jobs end as failed with `reason`. Returns how many. */
  async closeOwn(owner: string, now: number, reason: string): Promise<number> {
    const result = await this.db
      .updateTable('import_jobs')
      .set({ state: 'failed', finished_time: now, reason })
      .where('owner', '=', owner)
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Closes the queued and running jobs whose owner stopped beating before `staleBefore` (it was
   * killed or lost its database); with `exceptOwner`, the other instances' running jobs of a run
   * known to be abandoned (this instance holds the import lock, or found it free). Returns how many.
   */
  async closeAbandoned(now: number, options: { staleBefore: number; exceptOwner?: string }): Promise<number> {
    let query = this.db
      .updateTable('import_jobs')
      .set({
        state: 'failed',
        finished_time: now,
        reason: STOPPED_INSTANCE_REASON,
      })
      // An abandoned run is a running job; a job a live instance queued meanwhile stays.
      .where('state', 'in', options.exceptOwner === undefined ? ['queued', 'running'] : ['running'])
      .where('heartbeat_time', '<', options.staleBefore);
    if (options.exceptOwner !== undefined) query = query.where('owner', '<>', options.exceptOwner);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
