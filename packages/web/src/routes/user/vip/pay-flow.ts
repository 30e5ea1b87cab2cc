/**
 * What the pay page remembers across the trip to the payment page and back (sessionStorage, this
 * tab): for each order it started, the purchase intent (whose idempotency key is cleared once the
 * order is paid or dead) and where to return afterwards. And, in localStorage, which orders'
 * success was already reported, so a reload of the result page does not count a sale twice.
 */
import { payInitCall } from '@dm51/shared/call-refs';
import { callApi } from '../../../lib/api/client';
import { clearIntentKey, intentKey, readSessionJson, writeSessionJson } from '../../../lib/intent-key';
import type { ProductType } from '../../../lib/money-paths';
import { readJson, STORAGE_KEYS, writeJson } from '../../../lib/storage';

export interface PendingOrder {
  scope: string;
  back: string | null;
}

const ORDER_PREFIX = 'dm51.payOrder.';
const SEEN_MAX = 50;

/** One intent per product and method: a double tap, a second click or a reload reuse its key. */
export function payScope(type: ProductType, id: number, method: string): string {
  return `pay:${type}:${id}:${method}`;
}

export function rememberOrder(orderNo: string, pending: PendingOrder): void {
  writeSessionJson(ORDER_PREFIX + orderNo, pending);
}

export function pendingOrder(orderNo: string): PendingOrder | null {
  return readSessionJson<PendingOrder>(ORDER_PREFIX + orderNo);
}

/** The order is paid, fulfilled or dead: the next purchase of the same thing is a new order. */
export function finishIntent(orderNo: string): void {
  const pending = pendingOrder(orderNo);
  if (pending) clearIntentKey(pending.scope);
}

/** True the first time an order is seen fulfilled on this device; false ever after. */
export function firstSuccessSighting(orderNo: string): boolean {
  const seen = readJson<string[]>(STORAGE_KEYS.paySuccessSeen) ?? [];
  if (seen.includes(orderNo)) return false;
  writeJson(STORAGE_KEYS.paySuccessSeen, [...seen, orderNo].slice(-SEEN_MAX));
  return true;
}

/** Starts an order (or finds the one this intent already started) and answers where to pay it. */
export async function placeOrder(type: ProductType, id: number, method: string) {
  const scope = payScope(type, id, method);
  const request = { product_type: type, product_id: id, method };
  let answer = await callApi(payInitCall, { ...request, idempotency_key: intentKey(scope) });
  // The stored key belongs to an order that is over (paid in another visit, expired, cancelled):
  // this tap is a new purchase, so it gets a new key and a new order.
  if (answer.order.status !== 'created') {
    clearIntentKey(scope);
    answer = await callApi(payInitCall, { ...request, idempotency_key: intentKey(scope) });
  }
  return { ...answer, scope };
}
