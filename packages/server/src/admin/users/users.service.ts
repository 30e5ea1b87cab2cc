/**
 * Users section: search and the profile page's parts, session revocation, and grants of bonus
 * coins or VIP days. Grants go through the ledger (WalletService.grantBonus / grantVipTime, the
 * same entries tasks and invites post, from the promotions system accounts) with the operator's
 * reason in the entry title, and are idempotent by the key the console sends: the same key again
 * answers the first result and moves nothing; with another request it is refused (409).
 */
import { ApiCode, type Locale } from '@dm51/shared';
import { nowSeconds, type Database } from '../../db/database.js';
import { isAppError } from '../../errors.js';
import { idempotent } from '../../services/idempotent-call.js';
import type { LedgerService } from '../../services/ledger.service.js';
import type { WalletService } from '../../services/wallet.service.js';
import type { Audit } from '../admin-route.js';
import type { AuditEntry } from '../audit/audit.repository.js';
import { AdminErrors } from '../admin-errors.js';
import { titledIn } from '../console-titles.js';
import type { UserSearch, UsersRepository } from './users.repository.js';
import { moneyTitle } from '../../services/money-texts.js';

export interface GrantInput {
  kind: 'coins' | 'vip_days';
  amount: number;
  reason: string;
  idempotencyKey: string;
}

export interface GrantResult {
  entryId: number;
  /** False when this key was used before: the first grant's answer, nothing moved again. */
  created: boolean;
}

const DAY_S = 86_400;

export class UsersService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly ledger: LedgerService,
    private readonly wallet: WalletService,
  ) {}

  search(filter: UserSearch, page: number, size: number) {
    return this.repo.search(filter, nowSeconds(), (page - 1) * size, size);
  }

  async detail(id: number) {
    const profile = await this.repo.profile(id);
    if (!profile) throw AdminErrors.notFound('user');
    return {
      profile,
      wallet: await this.wallet.wallet(id),
      devices: await this.repo.devices(id),
      sessions: await this.repo.sessions(id),
      reportsFiled: await this.repo.reportsFiled(id),
      reportsAgainst: await this.repo.reportsAgainst(id),
    };
  }

  /** The user's orders, titles in `locale` (the console's language). */
  async orders(userId: number, page: number, size: number, locale: Locale) {
    const { rows, total } = await this.repo.orders(userId, (page - 1) * size, size);
    return { rows: rows.map((row) => titledIn(row, locale)), total };
  }

  /** The user's ledger entries, titles in `locale` (the console's language). */
  async ledgerEntries(userId: number, page: number, size: number, locale: Locale) {
    const { rows, total } = await this.repo.ledger(userId, (page - 1) * size, size);
    return { rows: rows.map((row) => titledIn(row, locale)), total };
  }

  /** Revokes one app session of the user, or all of them (`sessionId` null). */
  async revokeSessions(trx: Database, audit: Audit, userId: number, sessionId: number | null) {
    const repo = this.repo.within(trx);
    if (!(await repo.profile(userId))) throw AdminErrors.notFound('user');
    const revoked = await repo.revokeSessions(userId, sessionId, nowSeconds());
    if (sessionId !== null && revoked.length === 0) throw AdminErrors.notFound('active session');
    await audit({
      action: 'user.revoke_sessions',
      targetType: 'user',
      targetId: userId,
      after: { revokedSessionIds: revoked },
    });
    return revoked;
  }

  async grant(
    userId: number,
    input: GrantInput,
    auditWith: (trx: Database, entry: AuditEntry) => Promise<void>,
  ): Promise<GrantResult> {
    let ran = false;
    try {
      const answer = await this.ledger.transaction((tx) =>
        idempotent(
          tx,
          { userId, call: 'admin.grant', key: input.idempotencyKey, request: input, space: 'console' },
          async (): Promise<GrantResult> => {
            ran = true;
            const repo = this.repo.within(tx.trx);
            const profile = await repo.profile(userId);
            if (!profile || profile.deletedTime !== null) throw AdminErrors.notFound('user');
            const refs = {
              key: `operator-grant:${userId}:${input.idempotencyKey}`,
              ...moneyTitle('operatorGrant', { reason: input.reason }),
            };
            const before = await repo.balances(userId);
            const posted =
              input.kind === 'coins'
                ? await this.wallet.grantBonus(tx, userId, input.amount, 0, refs)
                : await this.wallet.grantVipTime(tx, userId, input.amount * DAY_S, refs);
            await auditWith(tx.trx, {
              action: input.kind === 'coins' ? 'user.grant_coins' : 'user.grant_vip',
              targetType: 'user',
              targetId: userId,
              before,
              after: {
                ...(await repo.balances(userId)),
                amount: input.amount,
                reason: input.reason,
                entryId: posted.entryId,
              },
            });
            return { entryId: posted.entryId, created: true };
          },
        ),
      );
      return { ...answer, created: ran };
    } catch (error) {
      if (isAppError(error) && error.code === ApiCode.IDEMPOTENCY_CONFLICT)
        throw AdminErrors.conflict('This grant key was already used for a different grant; nothing changed');
      throw error;
    }
  }
}
