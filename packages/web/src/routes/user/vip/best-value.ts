/**
 * Which VIP plan earns the "best value" badge: the one that costs least per day at the price this
 * user pays now (a first-month offer counts at its offer price). Computed, not taken from the
 * operator's badge, so a yearly plan is not called best value while the first month is cheaper per
 * day. Prices compare as cross products (no rounding); a tie goes to the longer plan, which gives
 * the most days for that rate. No badge with fewer than two plans: there is nothing to compare.
 */
export function bestValuePlanId(
  plans: readonly { id: number; price_fen: number; days: number }[],
): number | null {
  const priced = plans.filter((plan) => plan.days > 0);
  if (priced.length < 2) return null;
  let best = priced[0]!;
  for (const plan of priced.slice(1)) {
    // plan.price / plan.days < best.price / best.days, without division.
    const cheaper = plan.price_fen * best.days - best.price_fen * plan.days;
    if (cheaper < 0 || (cheaper === 0 && plan.days > best.days)) best = plan;
  }
  return best.id;
}

/**
 * The badge a plan card shows: "best value" on the computed plan only; else the operator's badge
 * (never their "best value" on another plan), with "first offer" only while the offer applies.
 */
export function planBadge(
  plan: { id: number; badge: string; first_offer: number },
  bestId: number | null,
): string {
  if (plan.id === bestId) return 'best_value';
  if (plan.badge === 'best_value') return plan.first_offer ? 'first_offer' : '';
  if (plan.badge === 'first_offer' && !plan.first_offer) return '';
  return plan.badge || (plan.first_offer ? 'first_offer' : '');
}
