/**
 * The account side of the users table: finding accounts by phone or e-mail, registering, turning a
 * guest into a user in place, binding, profile changes, identity cards and erasure. Multi-row
 * changes run in one transaction so an account is never half converted or half deleted.
 */
import type { Database } from '../db/database.js';
import type { NewUser, UserRow, UserUpdate } from '../db/schema.js';

export type AccountField = 'tel' | 'email';

export class AccountRepository {
  constructor(private readonly db: Database) {}

  /** The live account bound to this phone number or e-mail address. */
  async findBy(field: AccountField, value: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where(field, '=', value)
      .where('deleted_time', 'is', null)
      .executeTakeFirst();
  }

  async findLiveById(id: number): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_time', 'is', null)
      .executeTakeFirst();
  }

  async create(user: NewUser): Promise<UserRow> {
    return this.db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * Turns a live guest into a registered user: same row, so every table keyed by its id keeps its
   * rows. The guest's device links go, so /v3/app/init on those devices starts a new guest instead
   * of handing out the account. Undefined when the row is no longer a live guest.
   */
  async convertGuest(id: number, changes: UserUpdate): Promise<UserRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const converted = await trx
        .updateTable('users')
        .set({ ...changes, is_guest: 0 })
        .where('id', '=', id)
        .where('is_guest', '=', 1)
        .where('deleted_time', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (converted) await trx.deleteFrom('guest_devices').where('user_id', '=', id).execute();
      return converted;
    });
  }

  async update(id: number, changes: UserUpdate): Promise<UserRow | undefined> {
    return this.db
      .updateTable('users')
      .set(changes)
      .where('id', '=', id)
      .where('deleted_time', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * A stronger hash of the same password (login upgrades an old one), written only while the row
   * still holds `expected`: a password change that landed in between is never undone.
   */
  async replacePasswordHash(id: number, expected: string, next: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ password_hash: next })
      .where('id', '=', id)
      .where('password_hash', '=', expected)
      .where('deleted_time', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async countUsersWithPic(pic: string): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('pic', '=', pic)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Erases an account: personal fields blanked, password, identity card and "not interested" list
   * gone, device links and sessions ended, the row kept (marked deleted) so rows that point at it,
   * such as comments, stay valid and are shown as an anonymous user.
   */
  async erase(id: number, time: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const erased = await trx
        .updateTable('users')
        .set({
          nickname: '',
          guest_pass: '',
          pic: '',
          name: '',
          tel: '',
          tel_code: '',
          email: '',
          password_hash: null,
          deleted_time: time,
          updated_time: time,
        })
        .where('id', '=', id)
        .where('deleted_time', 'is', null)
        .executeTakeFirst();
      if (Number(erased.numUpdatedRows) === 0) return false;
      await trx.deleteFrom('identity_cards').where('user_id', '=', id).execute();
      await trx.deleteFrom('guest_devices').where('user_id', '=', id).execute();
      // What the reader asked not to be recommended says something about them; nothing points at it.
      await trx.deleteFrom('reco_hidden').where('user_id', '=', id).execute();
      await trx
        .updateTable('sessions')
        .set({ revoked_time: time })
        .where('user_id', '=', id)
        .where('revoked_time', 'is', null)
        .execute();
      return true;
    });
  }

  async saveCard(userId: number, secretHash: string, time: number): Promise<void> {
    await this.db
      .insertInto('identity_cards')
      .values({ user_id: userId, secret_hash: secretHash, created_time: time })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret_hash: secretHash, created_time: time }))
      .execute();
  }

  async findCard(userId: number): Promise<{ secret_hash: string; created_time: number } | undefined> {
    return this.db
      .selectFrom('identity_cards')
      .select(['secret_hash', 'created_time'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }
}
