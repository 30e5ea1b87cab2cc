/**
 * Money: the wallet, VIP plans and coin packages, payment orders, the order and expense
 * logs, chapter unlocks with coins (single, batch, automatic) and the friends-help page.
 *
 * Amounts: money in integer fen (1/100 yuan) as `*_fen`; coins as integers. Paid coins (`cion`)
 * never expire; bonus coins (`ticket`) are spent first and may expire. Every mutating call takes a
 * client-made `idempotency_key`: repeating a call with the same key answers the first result and
 * moves nothing twice; the same key with a different request answers IDEMPOTENCY_CONFLICT (1302).
 */
import { z } from 'zod';
import { intField } from './wire-number.js';
import { rowId } from './row-id.js';
import { defineCall, pageRequestSchema, pagedListSchema } from './define.js';

const id = rowId;
const flag = z.number().int().min(0).max(1);
/** A client-made id per purchase (a UUID or 8–64 letters, digits, '-' and '_'). */
export const idempotencyKeySchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only');
const orderNo = z.string().min(1).max(40);

export const walletSchema = z.object({
  /** Paid coins (never expire). */
  cion: z.number().int(),
  /** Bonus coins (spent first; may expire). */
  ticket: z.number().int(),
  /** What a purchase can spend now: cion + ticket. */
  total: z.number().int(),
  /** The bonus coins that expire soonest and when (null when none expire). */
  bonus_expiring: z.object({ coins: z.number().int(), expires_time: z.number().int() }).nullable(),
  /** 1 while VIP is active. */
  vip: flag,
  /** VIP expiry (Unix seconds; 0 when never VIP). */
  viptime: z.number().int(),
  /** Whole days of VIP left (rounded up; 0 when not VIP). */
  vipday: z.number().int(),
});
export type Wallet = z.infer<typeof walletSchema>;

export const vipPlanSchema = z.object({
  id: z.number().int(),
  /** Stable code: 'monthly', 'quarterly', 'yearly' or an operator's own. */
  code: z.string(),
  name: z.string(),
  days: z.number().int(),
  /** What this user pays now (the first-month price when it applies). */
  price_fen: z.number().int(),
  /** The regular price (equal to price_fen unless an offer applies). */
  list_price_fen: z.number().int(),
  /** 1 when price_fen is the first-purchase offer. */
  first_offer: flag,
  /** Short marketing label ('' for none), e.g. 'Best value'. */
  badge: z.string(),
});
export type VipPlan = z.infer<typeof vipPlanSchema>;

export const coinPackageSchema = z.object({
  id: z.number().int(),
  coins: z.number().int(),
  /** Bonus coins on top (expire after `bonus_days`). */
  bonus: z.number().int(),
  bonus_days: z.number().int(),
  price_fen: z.number().int(),
  badge: z.string(),
});
export type CoinPackage = z.infer<typeof coinPackageSchema>;

export const payMethodSchema = z.object({
  /** 'cashier' (built-in demo gateway) or 'stripe' (card checkout). */
  id: z.string(),
  name: z.string(),
});
export type PayMethod = z.infer<typeof payMethodSchema>;

export const payProductsCall = defineCall({
  path: '/v3/pay/products',
  summary:
    "The VIP page and the balance page in one answer: VIP plans (with the first-purchase price when this user never had a paid VIP), coin packages, the payment methods this server offers and the session's wallet.",
  tag: 'money',
  auth: 'session',
  request: z.object({}),
  response: z.object({
    vip_plans: z.array(vipPlanSchema),
    coin_packages: z.array(coinPackageSchema),
    methods: z.array(payMethodSchema),
    wallet: walletSchema,
    /** ISO 4217 currency of every *_fen amount, e.g. 'CNY'. */
    currency: z.string(),
  }),
});

/** created → paid → fulfilled; or expired / failed / cancelled; fulfilled → refunded. */
export const orderStatusSchema = z.enum([
  'created',
  'paid',
  'fulfilled',
  'expired',
  'failed',
  'cancelled',
  'refunded',
]);
export type OrderStatus = z.infer<typeof orderStatusSchema>;
export const productTypeSchema = z.enum(['vip', 'coins']);
export type ProductType = z.infer<typeof productTypeSchema>;

export const orderSchema = z.object({
  order_no: z.string(),
  product_type: productTypeSchema,
  product_id: z.number().int(),
  /** What was bought, in the words of the moment it was bought (e.g. 'VIP · Monthly', '300 + 30 coins'). */
  title: z.string(),
  amount_fen: z.number().int(),
  currency: z.string(),
  method: z.string(),
  status: orderStatusSchema,
  /** What fulfilment gives: coins, bonus coins and VIP days (0 where not part of the product). */
  coins: z.number().int(),
  bonus: z.number().int(),
  vip_days: z.number().int(),
  created_time: z.number().int(),
  /** A created order can no longer be paid after this time. */
  expires_time: z.number().int(),
  paid_time: z.number().int(),
  fulfilled_time: z.number().int(),
  refunded_time: z.number().int(),
  /** Why the order failed or was refunded ('' otherwise). */
  reason: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const payInitCall = defineCall({
  path: '/v3/pay/init',
  summary:
    "Creates an order for a VIP plan or a coin package and answers where to pay it: `pay_url` is the built-in cashier page or the provider's checkout page; after paying, the browser comes back to /pages/user/vip/pay?order=ORDER_NO. Idempotent by `idempotency_key` (a second tap on 'pay' answers the same order). Unknown or disabled products answer PRODUCT_UNAVAILABLE (1305); an unknown method PAYMENT_METHOD_UNAVAILABLE (1308).",
  tag: 'money',
  auth: 'user',
  request: z.object({
    product_type: productTypeSchema,
    product_id: id,
    method: z.string().min(1).max(20),
    idempotency_key: idempotencyKeySchema,
  }),
  response: z.object({ order: orderSchema, pay_url: z.string() }),
});

export const paySaveCall = defineCall({
  path: '/v3/pay/save',
  summary:
    "Confirms an order after the payment page: asks the payment provider for the order's state and, when it was paid, fulfils it (exactly once, however often this or the provider's callback arrives). Answers the order as it now is; a 'created' order is still waiting for the payer. Another user's or an unknown order answers ORDER_NOT_FOUND (1303).",
  tag: 'money',
  auth: 'user',
  request: z.object({ order_no: orderNo }),
  response: z.object({ order: orderSchema, wallet: walletSchema }),
});

export const payCancelCall = defineCall({
  path: '/v3/pay/cancel',
  summary:
    'Cancels an order that was not paid yet. A paid or fulfilled order answers ORDER_STATE (1304); cancelling a cancelled order answers it unchanged.',
  tag: 'money',
  auth: 'user',
  request: z.object({ order_no: orderNo }),
  response: z.object({ order: orderSchema }),
});

export const payOrdersCall = defineCall({
  path: '/v3/pay/orders',
  summary: "The session's orders, newest first, paged (/pages/quest/orderLog).",
  tag: 'money',
  auth: 'session',
  request: pageRequestSchema,
  response: pagedListSchema(orderSchema),
});

/** What moved the wallet: a top-up, a VIP purchase, an unlock, a refund, a grant or an expiry. */
export const expenseKindSchema = z.enum([
  'topup',
  'vip_purchase',
  'chapter_unlock',
  /** Coins paid for a make-up check-in in the task centre. */
  'checkin_makeup',
  /** Coins paid for AI credits. */
  'ai_purchase',
  'refund',
  'bonus_grant',
  'vip_grant',
  'bonus_expired',
  'adjustment',
]);
export type ExpenseKind = z.infer<typeof expenseKindSchema>;

export const expenseItemSchema = z.object({
  id: z.number().int(),
  kind: expenseKindSchema,
  /** Human title made by the server, e.g. 'Unlocked "Chapter 5" of Star Knight'. */
  title: z.string(),
  /** Change of paid coins (negative when spent). */
  coins: z.number().int(),
  /** Change of bonus coins (negative when spent or expired). */
  bonus: z.number().int(),
  /** VIP time added (or removed, negative) in seconds. */
  vip_seconds: z.number().int(),
  /** Money paid (or refunded, negative) in fen for this movement (0 when none). */
  amount_fen: z.number().int(),
  /** Currency of amount_fen (the order's; '' when no money moved). */
  currency: z.string(),
  work_id: z.number().int(),
  chapter_id: z.number().int(),
  order_no: z.string(),
  addtime: z.number().int(),
});
export type ExpenseItem = z.infer<typeof expenseItemSchema>;

export const payExpensesCall = defineCall({
  path: '/v3/pay/expenses',
  summary:
    "The session's wallet movements, newest first, paged (/pages/quest/expenseLog): top-ups, VIP time, chapter unlocks, refunds, grants and expiries, each read from the ledger.",
  tag: 'money',
  auth: 'session',
  request: pageRequestSchema,
  response: pagedListSchema(expenseItemSchema),
});

/** A batch choice of the unlock sheet: the next `count` locked chapters from the asked one. */
export const unlockOptionSchema = z.object({
  count: z.number().int(),
  /** Price after the discount. */
  coins: z.number().int(),
  /** Price without it. */
  list_coins: z.number().int(),
  discount_percent: z.number().int(),
});
export type UnlockOption = z.infer<typeof unlockOptionSchema>;

export const unlockQuoteCall = defineCall({
  path: '/v3/book_buy/quote',
  summary:
    "What the unlock sheet shows for a chapter of any kind: whether it is locked and why ('coins' for a coin chapter, 'vip' for a VIP chapter), its price, the batch options (the next N locked chapters with their discount), the wallet and this work's auto-unlock switch. A chapter the session may open answers locked 0.",
  tag: 'money',
  auth: 'session',
  request: z.object({ chapter_id: id }),
  response: z.object({
    chapter_id: z.number().int(),
    work_id: z.number().int(),
    type: z.number().int(),
    locked: flag,
    /** 'none' (open), 'coins' (pay 1, buy with coins), 'vip' (pay 2: VIP or buy with coins). */
    reason: z.enum(['none', 'coins', 'vip']),
    price: z.number().int(),
    options: z.array(unlockOptionSchema),
    wallet: walletSchema,
    auto_unlock: flag,
  }),
});

const buyRequest = z.object({
  chapter_id: id,
  /** Unlock this chapter and the following locked ones, `count` in all (batch discount applies). */
  count: intField(1, 200).default(1),
  idempotency_key: idempotencyKeySchema,
});
const buyResponse = z.object({
  /** The first chapter asked for. */
  chapter_id: z.number().int(),
  /** Every chapter unlocked by this purchase (already-open ones are skipped and not charged). */
  chapter_ids: z.array(z.number().int()),
  /** Coins spent in all (bonus first). */
  coins: z.number().int(),
  /** Of which bonus coins. */
  bonus_spent: z.number().int(),
  discount_percent: z.number().int(),
  /** Paid coin balance after the purchase. */
  cion: z.number().int(),
  /** Bonus coin balance after the purchase. */
  ticket: z.number().int(),
});

const buySummary = (kind: string) =>
  `Unlock a ${kind} chapter with coins, or the next \`count\` locked chapters with the batch discount. Bonus coins are spent first. Unlocked chapters stay unlocked for good (/v3/book_buy/list). Idempotent by \`idempotency_key\`. A short balance answers BALANCE_SHORT (1301) and changes nothing; a free chapter NOT_FOR_SALE (1103); a chapter of another kind CONTENT_NOT_FOUND (1102).`;

export const bookBuyCall = defineCall({
  path: '/v3/book/buy',
  summary: buySummary('novel'),
  tag: 'money',
  auth: 'user',
  request: buyRequest,
  response: buyResponse,
});

export const comicBuyCall = defineCall({
  path: '/v3/comic/buy',
  summary: buySummary('comic'),
  tag: 'money',
  auth: 'user',
  request: buyRequest,
  response: buyResponse,
});

export const animeBuyCall = defineCall({
  path: '/v3/anime/buy',
  summary: buySummary('anime episode'),
  tag: 'money',
  auth: 'user',
  request: buyRequest,
  response: buyResponse,
});

export const autoUnlockCall = defineCall({
  path: '/v3/book_buy/auto',
  summary:
    'Turns auto-unlock on or off for one work: when on, opening a locked coin chapter of that work buys it (the read answer then carries `charged` so the reader can show the charge).',
  tag: 'money',
  auth: 'user',
  request: z.object({ work_id: id, enabled: intField(0, 1) }),
  response: z.object({ work_id: z.number().int(), enabled: flag }),
});

export const purchaseItemSchema = z.object({
  chapter_id: z.number().int(),
  chapter_name: z.string(),
  work_id: z.number().int(),
  work_name: z.string(),
  type: z.number().int(),
  coins: z.number().int(),
  addtime: z.number().int(),
});
export type PurchaseItem = z.infer<typeof purchaseItemSchema>;

export const bookBuyListCall = defineCall({
  path: '/v3/book_buy/list',
  summary: "The session's unlocked chapters (every kind), newest first, paged.",
  tag: 'money',
  auth: 'session',
  request: pageRequestSchema,
  response: pagedListSchema(purchaseItemSchema),
});

/** What an auto-unlock charged while opening a chapter (null when nothing was charged). */
export const chargeNoticeSchema = z
  .object({
    coins: z.number().int(),
    bonus_spent: z.number().int(),
    cion: z.number().int(),
    ticket: z.number().int(),
  })
  .nullable();
export type ChargeNotice = z.infer<typeof chargeNoticeSchema>;

/** Friends help (/pages/user/assist): share a link; each new account that opens it gives the sharer VIP hours. */
export const assistIndexCall = defineCall({
  path: '/v3/assist/index',
  summary:
    "The friends-help page: the session's share code and link, VIP hours each new helper gives, today's helpers and the daily cap, and the helpers so far (newest first).",
  tag: 'money',
  auth: 'user',
  request: z.object({}),
  response: z.object({
    code: z.string(),
    /** Path to share: '/#/pages/user/assist?code=CODE' (resolve against the app's origin). */
    share_path: z.string(),
    hours_per_helper: z.number().int(),
    helpers_today: z.number().int(),
    daily_cap: z.number().int(),
    total_hours: z.number().int(),
    helpers: z.array(
      z.object({ nichen: z.string(), pic: z.string(), addtime: z.number().int(), hours: z.number().int() }),
    ),
  }),
});

export const assistHelpCall = defineCall({
  path: '/v3/assist/help',
  summary:
    "A visitor opened a friend's help link. Counts once per helper account ever, only for accounts (guests included) created after the sharer's link existed and within 7 days of creation, never for oneself, at most `daily_cap` helpers per sharer per day and 3 accounts per device; the sharer gets VIP hours through the ledger. Answers whether this visit helped and why not.",
  tag: 'money',
  auth: 'session',
  request: z.object({ code: z.string().min(4).max(32) }),
  response: z.object({
    helped: flag,
    /** 'ok', 'self', 'already', 'too_old', 'cap', 'device', 'unknown'. */
    result: z.string(),
    sharer_name: z.string(),
    hours: z.number().int(),
  }),
});
