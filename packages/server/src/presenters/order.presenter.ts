/**
 * Payment order rows → the order record of /v3/pay/* (times are 0 until they happen); the title
 * in the reader's language.
 */
import { orderStatusSchema, productTypeSchema, type Locale, type Order } from '@dm51/shared';
import type { PaymentOrderRow } from '../db/schema.js';
import { renderStoredTitle } from '../services/money-texts.js';

export function presentOrder(row: PaymentOrderRow, locale: Locale): Order {
  return {
    order_no: row.order_no,
    product_type: productTypeSchema.parse(row.product_type),
    product_id: row.product_id,
    title: renderStoredTitle(row, locale),
    amount_fen: row.amount_fen,
    currency: row.currency,
    method: row.method,
    status: orderStatusSchema.parse(row.status),
    coins: row.coins,
    bonus: row.bonus,
    vip_days: row.vip_days,
    created_time: row.created_time,
    expires_time: row.expires_time,
    paid_time: row.paid_time || 0,
    fulfilled_time: row.fulfilled_time || 0,
    refunded_time: row.refunded_time || 0,
    reason: row.reason,
  };
}
