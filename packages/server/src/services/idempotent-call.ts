/**
 * Makes a mutating call idempotent by its client key: inside the caller's ledger transaction (after
 * the user's accounts are locked, so two requests with one key run one after the other), a stored
 * answer for the key is returned as it was; the same key with a different request is refused; else
 * the work runs and its answer is stored in the same transaction as everything it changed.
 *
 * A key belongs to the user, not to the call: it is bound to (user, call, request), as Stripe binds
 * an idempotency key to its endpoint and parameters. The same key sent to another call (a comic buy
 * after a novel buy, say) or with another body is refused with IDEMPOTENCY_CONFLICT and changes
 * nothing, so one purchase can never be replayed as the answer of a different one. Console calls
 * keep their keys in a space of their own: an operator's key never meets a user's.
 */
import { createHash } from 'node:crypto';
import { ApiCode } from '@dm51/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import { IdempotencyRepository } from '../repositories/idempotency.repository.js';
import type { LedgerTx } from './ledger.service.js';

export const idempotencyConflict = () =>
  new AppError(ApiCode.IDEMPOTENCY_CONFLICT, 'This request id was already used for a different request');

export interface IdempotencyScope {
  userId: number;
  /** The call's name; part of what the key is bound to. */
  call: string;
  key: string;
  /** What the key is bound to besides the call: the call's meaningful input. */
  request: unknown;
  /** 'console' for operators' calls; the app's calls share the user's space (the default). */
  space?: 'app' | 'console';
}

/** The record a key is stored under: one per (space, user, key), whatever the call. */
export function idempotencyRecordKey(scope: Pick<IdempotencyScope, 'userId' | 'key' | 'space'>): string {
  return `${scope.space ?? 'app'}:${scope.userId}:${scope.key}`;
}

/** What the key is bound to: the call and its request, hashed. */
export function requestFingerprint(scope: Pick<IdempotencyScope, 'call' | 'request'>): string {
  return sha256(JSON.stringify({ call: scope.call, request: scope.request }));
}

/**
 * The stored answer of `scope`'s key: the answer when the key was used for this exact call and
 * request, null when the key is new; IDEMPOTENCY_CONFLICT when it was used for anything else.
 */
export async function storedAnswer<T>(db: Kysely<DB>, scope: IdempotencyScope): Promise<T | null> {
  const records = new IdempotencyRepository(db);
  const stored = await records.find(idempotencyRecordKey(scope));
  if (stored) {
    if (stored.request_hash !== requestFingerprint(scope)) throw idempotencyConflict();
    return JSON.parse(stored.response) as T;
  }
  // Records written before keys were bound to the call were kept per call, with a hash of the
  // request alone: a retry that began before an upgrade still gets its first answer.
  const legacy = await records.find(`${scope.userId}:${scope.call}:${scope.key}`);
  if (!legacy) return null;
  if (legacy.request_hash !== sha256(JSON.stringify(scope.request))) throw idempotencyConflict();
  return JSON.parse(legacy.response) as T;
}

export async function idempotent<T>(
  tx: LedgerTx,
  scope: IdempotencyScope,
  work: () => Promise<T>,
): Promise<T> {
  await tx.lockUser(scope.userId);
  const stored = await storedAnswer<T>(tx.trx, scope);
  if (stored !== null) return stored;
  const answer = await work();
  await new IdempotencyRepository(tx.trx).insert({
    key: idempotencyRecordKey(scope),
    userId: scope.userId,
    requestHash: requestFingerprint(scope),
    response: JSON.stringify(answer),
    time: tx.now,
  });
  return answer;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
