/** What the Money API answers (packages/server/src/admin/money). */
export interface AdminOrder {
  id: number;
  orderNo: string;
  userId: number;
  kind: 'vip' | 'coins';
  productId: number;
  title: string;
  amountFen: number;
  currency: string;
  provider: string;
  status: string;
  coins: number;
  bonus: number;
  vipDays: number;
  providerRef: string;
  createdTime: number;
  paidTime: number;
  fulfilledTime: number;
  refundedTime: number;
  reason: string;
  /** 1: priced at the first-purchase price. */
  firstPrice: number;
  /** A payment after the order closed: '' | 'after_expiry' (fulfilled) | 'after_cancel' (refunded). */
  latePayment: string;
}

export interface OrderDetail extends AdminOrder {
  entries: {
    id: number;
    kind: string;
    title: string;
    createdTime: number;
    legs: { userId: number; kind: string; amount: number }[];
  }[];
}

export interface VipPlanRow {
  id: number;
  code: string;
  name: string;
  days: number;
  price_fen: number;
  first_price_fen: number;
  badge: string;
  sort: number;
  enabled: number;
}

export interface CoinPackageRow {
  id: number;
  coins: number;
  bonus: number;
  bonus_days: number;
  price_fen: number;
  badge: string;
  sort: number;
  enabled: number;
}

/** The i18n key of an order's late-payment flag (docs/operate/payments.md, "Late payments"), or null. */
export function latePaymentKey(order: Pick<AdminOrder, 'latePayment' | 'status'>): string | null {
  if (order.latePayment === 'after_expiry') return 'money.late.after_expiry';
  if (order.latePayment === 'after_cancel')
    return order.status === 'refunded' ? 'money.late.after_cancel_refunded' : 'money.late.after_cancel_paid';
  return null;
}

export const yuan = (fen: number) => (fen / 100).toFixed(2);

export const STATUS_COLORS: Record<string, string> = {
  fulfilled: 'green',
  refunded: 'orange',
  created: 'blue',
  paid: 'cyan',
  expired: 'default',
  failed: 'red',
  cancelled: 'default',
};
