/**
 * The double-entry ledger: the only code that changes coin balances, VIP time and the user
 * record's projections of them (`coins` = paid coins, `ticket` = bonus coins, `vip`/`viptime`,
 * `ai_cos_coin` = AI tries).
 *
 * Every movement is one immutable entry whose legs sum to zero per unit. An entry has a unique key
 * (what makes the movement happen once, e.g. 'order:12:fulfil'). An existing key means "this exact
 * movement already happened": `post` answers the existing entry and moves nothing, for callers whose
 * own state change guards the rest (an order's status); `postNew` refuses it, for callers that go on
 * to hand something out (unlocks, jobs, claims), so a reused key never gets the rest for free. User accounts never go below zero: the balance check here
 * refuses first, and a CHECK constraint stands behind it.
 *
 * Concurrency: work runs in one transaction that first locks the user's account rows (PostgreSQL
 * `for update`, in id order; SQLite has a single writer). System accounts are not locked and keep
 * no stored balance (their balance is the sum of their legs), so purchases by different users
 * never queue on a shared row.
 */
import { ApiCode } from '@dm51/shared';
import type { Transaction } from 'kysely';
import { isUniqueViolation, type Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import { LedgerRepository, type LockedAccount, type NewEntry } from '../repositories/ledger.repository.js';
import {
  SYSTEM_USER_ID,
  USER_ACCOUNTS,
  unitOf,
  type AccountKind,
  type UserAccountKind,
} from './ledger-accounts.js';

export interface LegSpec {
  /** SYSTEM_USER_ID for system accounts. */
  userId: number;
  kind: AccountKind;
  amount: number;
}

export type EntrySpec = Omit<NewEntry, 'time'> & { legs: LegSpec[] };

export interface Posted {
  entryId: number;
  /** False when an entry with this key existed: nothing moved. */
  created: boolean;
}

const USER_KINDS = Object.values(USER_ACCOUNTS) as UserAccountKind[];

export class BalanceShortError extends AppError {
  constructor(
    readonly kind: AccountKind,
    readonly missing: number,
  ) {
    super(ApiCode.BALANCE_SHORT, `Not enough coins: ${missing} more needed`);
  }
}

/** A movement's key exists already: the request that asked for it was another one. */
export class EntryExistsError extends AppError {
  constructor(readonly key: string) {
    super(ApiCode.IDEMPOTENCY_CONFLICT, 'This request id was already used for a different request');
  }
}

export const nowS = () => Math.floor(Date.now() / 1000);

/** One ledger transaction: lock, read, post. Obtain it through LedgerService.transaction. */
export class LedgerTx {
  readonly repo: LedgerRepository;
  private readonly locked = new Map<number, Map<string, LockedAccount>>();

  constructor(
    readonly trx: Transaction<DB>,
    readonly now: number,
    /** System account ids by kind, shared by every transaction of the process (rows are never deleted). */
    private readonly systemIds: Map<string, number>,
  ) {
    this.repo = new LedgerRepository(trx);
  }

  /**
   * Locks the user's accounts for the rest of the transaction (creating them on first use) and
   * answers their balances. Call it before reading anything a decision depends on.
   */
  async lockUser(userId: number): Promise<Map<string, LockedAccount>> {
    const held = this.locked.get(userId);
    if (held) return held;
    let rows = await this.repo.lockUserAccounts(userId);
    if (rows.length < USER_KINDS.length) {
      await this.repo.ensureAccounts(
        USER_KINDS.map((kind) => ({ userId, kind })),
        this.now,
      );
      rows = await this.repo.lockUserAccounts(userId);
    }
    const accounts = new Map(rows.map((row) => [row.kind, { ...row, balance: Number(row.balance) }]));
    this.locked.set(userId, accounts);
    return accounts;
  }

  async balance(userId: number, kind: UserAccountKind): Promise<number> {
    return (await this.lockUser(userId)).get(kind)?.balance ?? 0;
  }

  /** Posts an entry once (by key); refuses with BalanceShortError when a user account would go below zero. */
  async post(spec: EntrySpec): Promise<Posted> {
    const legs = spec.legs.filter((leg) => leg.amount !== 0);
    assertBalanced(spec.key, legs);
    const users = [...new Set(legs.filter((leg) => leg.userId !== SYSTEM_USER_ID).map((leg) => leg.userId))];
    for (const userId of users.sort((a, b) => a - b)) await this.lockUser(userId);

    const existing = await this.repo.entryIdByKey(spec.key);
    if (existing !== null) return { entryId: existing, created: false };

    const resolved: { accountId: number; amount: number; leg: LegSpec; account?: LockedAccount }[] = [];
    for (const leg of legs) {
      if (leg.userId === SYSTEM_USER_ID) {
        resolved.push({ accountId: await this.systemAccountId(leg.kind), amount: leg.amount, leg });
        continue;
      }
      const account = this.locked.get(leg.userId)!.get(leg.kind);
      if (!account) throw new Error(`ledger: no ${leg.kind} account for user ${leg.userId}`);
      if (account.allow_negative !== 1 && account.balance + leg.amount < 0)
        throw new BalanceShortError(leg.kind, -(account.balance + leg.amount));
      resolved.push({ accountId: account.id, amount: leg.amount, leg, account });
    }

    const entryId = await this.repo.insertEntry({ ...spec, time: this.now });
    await this.repo.insertLegs(entryId, resolved);
    for (const item of resolved) {
      if (!item.account) continue;
      await this.repo.addToBalance(item.accountId, item.amount);
      item.account.balance += item.amount;
    }
    for (const userId of users) await this.project(userId, legs);
    return { entryId, created: true };
  }

  /** Posts an entry whose key must be new: an existing key throws EntryExistsError and nothing moves. */
  async postNew(spec: EntrySpec): Promise<Posted> {
    const posted = await this.post(spec);
    if (!posted.created) throw new EntryExistsError(spec.key);
    return posted;
  }

  /** System accounts are created by migration 0009, so a committed id is safe to remember. */
  private async systemAccountId(kind: AccountKind): Promise<number> {
    const cached = this.systemIds.get(kind);
    if (cached !== undefined) return cached;
    for (const row of await this.repo.systemAccounts()) this.systemIds.set(row.kind, row.id);
    const id = this.systemIds.get(kind);
    if (id === undefined) throw new Error(`ledger: no system account ${kind} (migration 0009 creates them)`);
    return id;
  }

  /**
   * The user record's projections: coins and ticket are the paid and bonus balances; VIP time
   * stacks from the later of now and the current expiry, and a removal (refund) shortens it.
   */
  private async project(userId: number, legs: readonly LegSpec[]): Promise<void> {
    const accounts = this.locked.get(userId)!;
    const vipChange = legs
      .filter((leg) => leg.userId === userId && leg.kind === USER_ACCOUNTS.VIP_SECONDS)
      .reduce((sum, leg) => sum + leg.amount, 0);
    const update: {
      coins: number;
      ticket: number;
      ai_cos_coin: number;
      vip?: number;
      viptime?: number;
      vipday?: number;
    } = {
      coins: accounts.get(USER_ACCOUNTS.COINS_PAID)?.balance ?? 0,
      ticket: accounts.get(USER_ACCOUNTS.COINS_BONUS)?.balance ?? 0,
      ai_cos_coin: accounts.get(USER_ACCOUNTS.AI_CREDITS)?.balance ?? 0,
    };
    if (vipChange !== 0) {
      const user = await this.trx
        .selectFrom('users')
        .select(['viptime'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const viptime =
        vipChange > 0
          ? Math.max(this.now, user.viptime) + vipChange
          : Math.max(this.now, user.viptime + vipChange);
      update.viptime = viptime;
      update.vip = viptime > this.now ? 1 : 0;
      update.vipday = Math.max(0, Math.ceil((viptime - this.now) / 86_400));
    }
    await this.trx.updateTable('users').set(update).where('id', '=', userId).execute();
  }
}

function assertBalanced(key: string, legs: readonly LegSpec[]): void {
  const sums = new Map<string, number>();
  for (const leg of legs) {
    if (!Number.isSafeInteger(leg.amount)) throw new Error(`ledger: entry ${key} has a non-integer leg`);
    sums.set(unitOf(leg.kind), (sums.get(unitOf(leg.kind)) ?? 0) + leg.amount);
  }
  for (const [unit, sum] of sums)
    if (sum !== 0) throw new Error(`ledger: entry ${key} does not balance in ${unit} (${sum})`);
}

export class LedgerService {
  private readonly systemIds = new Map<string, number>();

  constructor(private readonly db: Database) {}

  /**
   * Runs `work` in one transaction. Two requests racing on the same unique key (an entry key, an
   * idempotency record, an unlock) make one of them fail on the constraint after the other
   * committed; that one is run again once, and then sees the winner's rows.
   */
  async transaction<T>(work: (tx: LedgerTx) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.db.transaction().execute((trx) => work(new LedgerTx(trx, nowS(), this.systemIds)));
      } catch (error) {
        if (attempt < 2 && (isUniqueViolation(error) || isRetryableConflict(error))) continue;
        throw error;
      }
    }
  }
}

/** PostgreSQL deadlock or serialization failure: safe to run the whole transaction again. */
function isRetryableConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}
