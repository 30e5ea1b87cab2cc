/**
 * Named leases (migration 0031): one instance of a cluster holds a lease at a time, renews it while
 * it lives, and another takes it once it has expired (its holder stopped or lost the database).
 * One upsert takes or renews it, so two instances racing cannot both win.
 */
import type { Database } from '../db/database.js';

export class LeasesRepository {
  constructor(private readonly db: Database) {}

  /** Takes or renews `name` for `owner` until now + ttlMs; true when `owner` holds it now. */
  async acquire(name: string, owner: string, now: number, ttlMs: number): Promise<boolean> {
    const expires = now + ttlMs;
    await this.db
      .insertInto('leases')
      .values({ name, owner, expires_time: expires })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ owner, expires_time: expires })
          .where((eb) => eb.or([eb('leases.owner', '=', owner), eb('leases.expires_time', '<', now)])),
      )
      .execute();
    const row = await this.db
      .selectFrom('leases')
      .select('owner')
      .where('name', '=', name)
      .executeTakeFirst();
    return row?.owner === owner;
  }

  /** Gives the lease up at shutdown, so another instance takes over at once. */
  async release(name: string, owner: string): Promise<void> {
    await this.db.deleteFrom('leases').where('name', '=', name).where('owner', '=', owner).execute();
  }
}
