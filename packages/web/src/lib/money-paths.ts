/**
 * Where the money screens live and how they hand the user back. `back` is the page to return to after
 * a purchase (the reader that asked for a top-up, say); it survives the trip to the payment page in
 * the pending order's record. Only app routes are accepted, so a crafted link cannot send the user
 * to another site after paying.
 */
export const VIP_PATH = '/pages/user/vip/vip';
export const BALANCE_PATH = '/pages/user/vip/balance';
export const PAY_PATH = '/pages/user/vip/pay';
export const ORDER_LOG_PATH = '/pages/quest/orderLog';
export const EXPENSE_LOG_PATH = '/pages/quest/expenseLog';
export const ASSIST_PATH = '/pages/user/assist';

export type ProductType = 'vip' | 'coins';

/** A return path if it is one of ours ('/pages/...'), else null. */
export function safeBack(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/pages/') || value.includes('//')) return null;
  return value;
}

function withBack(path: string, params: Record<string, string>, back: string | null | undefined): string {
  const query = new URLSearchParams(params);
  const ok = safeBack(back);
  if (ok) query.set('back', ok);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export function vipHref(back?: string | null): string {
  return withBack(VIP_PATH, {}, back);
}

export function balanceHref(back?: string | null): string {
  return withBack(BALANCE_PATH, {}, back);
}

export function payHref(type: ProductType, id: number, back?: string | null): string {
  return withBack(PAY_PATH, { type, id: String(id) }, back);
}

/**
 * The payment page in the app's language: a page of our own server (the demo cashier, a path
 * like '/cashier/…') is told the language with `lang`; a provider's page elsewhere is left as it is.
 */
export function payPageUrl(payUrl: string, locale: string): string {
  if (!payUrl.startsWith('/') || payUrl.startsWith('//')) return payUrl;
  return `${payUrl}${payUrl.includes('?') ? '&' : '?'}lang=${encodeURIComponent(locale)}`;
}

export function orderHref(orderNo: string): string {
  return `${PAY_PATH}?order=${encodeURIComponent(orderNo)}`;
}
