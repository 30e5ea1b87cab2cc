import type { WorkFilter } from '../../state/queries/catalogue';

export type Order = 'new' | 'hot' | 'score';
const ORDERS: readonly Order[] = ['new', 'hot', 'score'];

function intIn(value: string | null, min: number, max: number, fallback: number): number {
  // A missing parameter is the page's default: Number(null) is 0, which made /pages/home/novelView
  // without a query list comics (type 0) instead of its default, novels.
  if (value === null || value.trim() === '') return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

/**
 * The category filters live in the URL (type, category, tag, status, pay, order), so back and
 * reload return to the same list; anything malformed falls back to "any".
 */
export function filterFromParams(
  params: URLSearchParams,
  defaults: Partial<WorkFilter> = {},
): Required<WorkFilter> {
  const order = params.get('order');
  return {
    type: intIn(params.get('type'), 0, 2, defaults.type ?? 0),
    category_id: intIn(params.get('category'), 0, Number.MAX_SAFE_INTEGER, defaults.category_id ?? 0),
    tag_id: intIn(params.get('tag'), 0, Number.MAX_SAFE_INTEGER, defaults.tag_id ?? 0),
    status: intIn(params.get('status'), 0, 2, defaults.status ?? 0),
    pay: intIn(params.get('pay'), 0, 2, defaults.pay ?? 0),
    order: ORDERS.includes(order as Order) ? (order as Order) : (defaults.order ?? 'new'),
  };
}

/** The URL search for a filter, leaving out values that are the default "any". */
export function filterToParams(filter: Required<WorkFilter>): Record<string, string> {
  const out: Record<string, string> = { type: String(filter.type) };
  if (filter.category_id) out.category = String(filter.category_id);
  if (filter.tag_id) out.tag = String(filter.tag_id);
  if (filter.status) out.status = String(filter.status);
  if (filter.pay) out.pay = String(filter.pay);
  if (filter.order !== 'new') out.order = filter.order;
  return out;
}
