/** Friends-help visits (assist_helps) and the accounts they involve. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export class AssistRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async inviteCode(userId: number): Promise<string> {
    const row = await this.db
      .selectFrom('users')
      .select('invite_code')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.invite_code ?? '';
  }

  /** The registered, not deleted account whose invite code this is. */
  async sharerByCode(code: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'nickname', 'created_time'])
      .where('invite_code', '=', code)
      .where('is_guest', '=', 0)
      .where('deleted_time', 'is', null)
      .executeTakeFirst();
  }

  async account(userId: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'nickname', 'created_time'])
      .where('id', '=', userId)
      .where('deleted_time', 'is', null)
      .executeTakeFirst();
  }

  async hasHelped(helperId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('assist_helps')
      .select('id')
      .where('helper_id', '=', helperId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async helpsFromDevice(deviceid: string): Promise<number> {
    const row = await this.db
      .selectFrom('assist_helps')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('deviceid', '=', deviceid)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async helpsSince(sharerId: number, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('assist_helps')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('sharer_id', '=', sharerId)
      .where('created_time', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async totalHours(sharerId: number): Promise<number> {
    const row = await this.db
      .selectFrom('assist_helps')
      .select(sql<number>`coalesce(sum(hours), 0)`.as('hours'))
      .where('sharer_id', '=', sharerId)
      .executeTakeFirstOrThrow();
    return Number(row.hours);
  }

  async helpers(sharerId: number, limit: number) {
    return this.db
      .selectFrom('assist_helps')
      .innerJoin('users', 'users.id', 'assist_helps.helper_id')
      .select([
        'users.nickname',
        'users.pic',
        'users.deleted_time',
        'assist_helps.created_time',
        'assist_helps.hours',
      ])
      .where('assist_helps.sharer_id', '=', sharerId)
      .orderBy('assist_helps.id', 'desc')
      .limit(limit)
      .execute();
  }

  async insertHelp(help: {
    sharerId: number;
    helperId: number;
    deviceid: string;
    hours: number;
    time: number;
  }) {
    await this.db
      .insertInto('assist_helps')
      .values({
        sharer_id: help.sharerId,
        helper_id: help.helperId,
        deviceid: help.deviceid,
        hours: help.hours,
        created_time: help.time,
      })
      .execute();
  }
}
