/** The console's reads of app users: search, profile, devices, sessions, orders, ledger, reports. */
import type { Database } from '../../db/database.js';

export interface UserSearch {
  q?: string | undefined;
  /** 'registered' hides guests, 'guest' shows only them. */
  kind?: 'registered' | 'guest' | undefined;
  banned?: boolean | undefined;
}

const PROFILE_COLUMNS = [
  'id',
  'is_guest as isGuest',
  'nickname',
  'name',
  'tel',
  'email',
  'pic',
  'vip',
  'viptime',
  'coins',
  'ticket',
  'ai_cos_coin as aiCredits',
  'invite_code as inviteCode',
  'created_time as createdTime',
  'deleted_time as deletedTime',
  'banned_until as bannedUntil',
  'ban_reason as banReason',
] as const;

const num = (value: unknown) => Number(value ?? 0);

export class UsersRepository {
  constructor(private readonly db: Database) {}

  within(trx: Database): UsersRepository {
    return new UsersRepository(trx);
  }

  async search(filter: UserSearch, now: number, offset: number, limit: number) {
    let query = this.db.selectFrom('users');
    const q = filter.q?.trim();
    if (q) {
      const like = `%${q}%`;
      query = query.where((eb) =>
        eb.or([
          ...(/^\d{1,15}$/.test(q) ? [eb('id', '=', Number(q))] : []),
          eb('name', 'like', like),
          eb('nickname', 'like', like),
          eb('tel', 'like', like),
          eb('email', 'like', like),
        ]),
      );
    }
    if (filter.kind) query = query.where('is_guest', '=', filter.kind === 'guest' ? 1 : 0);
    if (filter.banned) query = query.where('banned_until', '>', now);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .select(PROFILE_COLUMNS)
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return { total: Number(total.n), rows: rows.map(presentProfile) };
  }

  async profile(id: number) {
    const row = await this.db
      .selectFrom('users')
      .select(PROFILE_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? presentProfile(row) : undefined;
  }

  /** The ledger's projections on the user record (what the app shows). */
  async balances(userId: number) {
    const row = await this.db
      .selectFrom('users')
      .select(['coins', 'ticket', 'viptime'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return { coins: num(row?.coins), bonusCoins: num(row?.ticket), viptime: num(row?.viptime) };
  }

  async sessions(userId: number) {
    const rows = await this.db
      .selectFrom('sessions')
      .select(['id', 'deviceid', 'facility', 'created_time', 'last_seen_time', 'revoked_time'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      deviceid: row.deviceid,
      facility: row.facility,
      createdTime: num(row.created_time),
      lastSeenTime: num(row.last_seen_time),
      revokedTime: row.revoked_time === null ? null : num(row.revoked_time),
    }));
  }

  /** Devices: those a guest was created on plus every device a session was opened from. */
  async devices(userId: number) {
    const fromSessions = await this.db
      .selectFrom('sessions')
      .select((eb) => [
        'deviceid',
        'facility',
        eb.fn.min('created_time').as('first'),
        eb.fn.max('last_seen_time').as('last'),
      ])
      .where('user_id', '=', userId)
      .groupBy(['deviceid', 'facility'])
      .execute();
    const guestDevices = await this.db
      .selectFrom('guest_devices')
      .select(['deviceid', 'created_time'])
      .where('user_id', '=', userId)
      .execute();
    const devices = new Map<
      string,
      { deviceid: string; facility: string; firstTime: number; lastTime: number }
    >();
    for (const row of fromSessions)
      devices.set(row.deviceid, {
        deviceid: row.deviceid,
        facility: row.facility,
        firstTime: num(row.first),
        lastTime: num(row.last),
      });
    for (const row of guestDevices)
      if (!devices.has(row.deviceid))
        devices.set(row.deviceid, {
          deviceid: row.deviceid,
          facility: '',
          firstTime: num(row.created_time),
          lastTime: num(row.created_time),
        });
    return [...devices.values()].sort((a, b) => b.lastTime - a.lastTime);
  }

  async revokeSessions(userId: number, sessionId: number | null, time: number): Promise<number[]> {
    let query = this.db
      .updateTable('sessions')
      .set({ revoked_time: time })
      .where('user_id', '=', userId)
      .where('revoked_time', 'is', null);
    if (sessionId !== null) query = query.where('id', '=', sessionId);
    const rows = await query.returning('id').execute();
    return rows.map((row) => row.id);
  }

  async orders(userId: number, offset: number, limit: number) {
    const base = this.db.selectFrom('payment_orders').where('user_id', '=', userId);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select([
        'id',
        'order_no as orderNo',
        'product_type as productType',
        'title',
        'title_key',
        'params',
        'amount_fen as amountFen',
        'currency',
        'method',
        'status',
        'created_time as createdTime',
        'paid_time as paidTime',
        'refunded_time as refundedTime',
      ])
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return {
      total: Number(total.n),
      rows: rows.map((row) => ({
        ...row,
        createdTime: num(row.createdTime),
        paidTime: num(row.paidTime),
        refundedTime: num(row.refundedTime),
      })),
    };
  }

  /** The user's ledger entries, each with what it moved on the user's own accounts. */
  async ledger(userId: number, offset: number, limit: number) {
    const base = this.db.selectFrom('ledger_entries').where('user_id', '=', userId);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const entries = await base
      .select([
        'id',
        'entry_key as key',
        'kind',
        'title',
        'title_key',
        'params',
        'order_id as orderId',
        'created_time as time',
      ])
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    const legs =
      entries.length === 0
        ? []
        : await this.db
            .selectFrom('ledger_legs as l')
            .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
            .select(['l.entry_id as entryId', 'a.kind', 'l.amount'])
            .where(
              'l.entry_id',
              'in',
              entries.map((entry) => entry.id),
            )
            .where('a.user_id', '=', userId)
            .execute();
    return {
      total: Number(total.n),
      rows: entries.map((entry) => ({
        ...entry,
        time: num(entry.time),
        moves: Object.fromEntries(
          legs.filter((leg) => leg.entryId === entry.id).map((leg) => [leg.kind, num(leg.amount)]),
        ),
      })),
    };
  }

  async reportsFiled(userId: number) {
    const rows = await this.db
      .selectFrom('comment_reports as r')
      .leftJoin('comments as c', 'c.id', 'r.comment_id')
      .select(['r.id', 'r.comment_id as commentId', 'r.reason', 'r.created_time as time', 'c.content'])
      .where('r.user_id', '=', userId)
      .orderBy('r.id', 'desc')
      .limit(50)
      .execute();
    return rows.map((row) => ({ ...row, time: num(row.time) }));
  }

  async reportsAgainst(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('comment_reports as r')
      .innerJoin('comments as c', 'c.id', 'r.comment_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('c.user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

function presentProfile<
  T extends { createdTime: number; deletedTime: number | null; bannedUntil: number; viptime: number },
>(row: T) {
  return {
    ...row,
    createdTime: num(row.createdTime),
    deletedTime: row.deletedTime === null ? null : num(row.deletedTime),
    bannedUntil: num(row.bannedUntil),
    viptime: num(row.viptime),
  };
}
