/** Unguessable identifiers of orders and cashier payments (knowing one is no way to find another). */
import { randomInt } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function randomBase32(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE32[randomInt(32)];
  return out;
}

/** 'D' + UTC date + 12 random base32 characters (60 bits): unguessable, readable, sortable by day. */
export function newOrderNo(now = new Date()): string {
  return `D${now.toISOString().slice(0, 10).replaceAll('-', '')}${randomBase32(12)}`;
}

/** The cashier's id of a payment: the capability in the cashier page's URL (120 bits). */
export function newCashierPaymentId(): string {
  return `cp_${randomBase32(24).toLowerCase()}`;
}
