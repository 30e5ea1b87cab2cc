/**
 * Makes a mutating call idempotent by its client key: inside the caller's ledger transaction (after
 * the user's accounts are locked, so two requests with one key run one after the other), a stored
 * answer for the key is returned as it was; the same key with a different request is refused; else
 * the work runs and its answer is stored in the same transaction as everything it changed.
 */
import { createHash } from 'node:crypto';
import { ApiCode } from '@dm51/shared';
import { AppError } from '../errors.js';
import { IdempotencyRepository } from '../repositories/idempotency.repository.js';
import type { LedgerTx } from './ledger.service.js';

export const idempotencyConflict = () =>
  new AppError(ApiCode.IDEMPOTENCY_CONFLICT, 'This request id was already used for a different request');

export async function idempotent<T>(
  tx: LedgerTx,
  scope: { userId: number; call: string; key: string; request: unknown },
  work: () => Promise<T>,
): Promise<T> {
  await tx.lockUser(scope.userId);
  const records = new IdempotencyRepository(tx.trx);
  const recordKey = `${scope.userId}:${scope.call}:${scope.key}`;
  const requestHash = createHash('sha256').update(JSON.stringify(scope.request)).digest('hex');
  const stored = await records.find(recordKey);
  if (stored) {
    if (stored.request_hash !== requestHash) throw idempotencyConflict();
    return JSON.parse(stored.response) as T;
  }
  const answer = await work();
  await records.insert({
    key: recordKey,
    userId: scope.userId,
    requestHash,
    response: JSON.stringify(answer),
    time: tx.now,
  });
  return answer;
}
