/** Users and the device → guest map. The only code that reads or writes those tables. */
import type { Database } from '../db/database.js';
import type { NewUser, UserRow } from '../db/schema.js';

export class UserRepository {
  constructor(private readonly db: Database) {}

  /** A live (not deleted) user. */
  async findById(id: number): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_time', 'is', null)
      .executeTakeFirst();
  }

  /** The live guest user a device was given, if any. */
  async findGuestByDevice(deviceid: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('guest_devices')
      .innerJoin('users', 'users.id', 'guest_devices.user_id')
      .selectAll('users')
      .where('guest_devices.deviceid', '=', deviceid)
      .where('users.deleted_time', 'is', null)
      .executeTakeFirst();
  }

  /**
   * Creates a guest and binds the device to it in one transaction: a guest without its device row
   * would be unreachable, and a device row pointing at a deleted guest is re-pointed here.
   * A concurrent init for the same new device makes one of the two fail with a unique violation.
   */
  async createGuestForDevice(user: NewUser, deviceid: string): Promise<UserRow> {
    return this.db.transaction().execute(async (trx) => {
      const created = await trx.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
      const moved = await trx
        .updateTable('guest_devices')
        .set({ user_id: created.id, created_time: user.created_time })
        .where('deviceid', '=', deviceid)
        .where((eb) =>
          eb('user_id', 'in', eb.selectFrom('users').select('id').where('deleted_time', 'is not', null)),
        )
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) {
        await trx
          .insertInto('guest_devices')
          .values({ deviceid, user_id: created.id, created_time: user.created_time })
          .execute();
      }
      return created;
    });
  }

  /** Soft-deletes a user: sessions stop resolving, the row stays for audit. */
  async markDeleted(id: number, time: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ deleted_time: time, updated_time: time })
      .where('id', '=', id)
      .execute();
  }
}
