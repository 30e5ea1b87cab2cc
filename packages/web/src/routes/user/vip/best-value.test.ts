import { describe, expect, it } from 'vitest';
import { bestValuePlanId, planBadge } from './best-value';

const plan = (
  id: number,
  price_fen: number,
  days: number,
  extra: { badge?: string; first_offer?: number } = {},
) => ({
  id,
  price_fen,
  days,
  badge: extra.badge ?? '',
  first_offer: extra.first_offer ?? 0,
});

describe('best value plan', () => {
  it('picks the first-month offer when it is cheaper per day than the yearly plan', () => {
    // 6.00 for 30 days (0.20 a day) against 168.00 for 365 days (0.46 a day).
    const plans = [
      plan(1, 600, 30, { first_offer: 1 }),
      plan(2, 4500, 90),
      plan(3, 16800, 365, { badge: 'best_value' }),
    ];
    expect(bestValuePlanId(plans)).toBe(1);
    expect(plans.map((p) => planBadge(p, 1))).toEqual(['best_value', '', '']);
  });

  it('picks the yearly plan at list prices, where it is cheapest per day', () => {
    const plans = [plan(1, 3000, 30), plan(2, 8000, 90), plan(3, 16800, 365)];
    expect(bestValuePlanId(plans)).toBe(3);
  });

  it('gives a tie to the longer plan and ignores plans without days', () => {
    expect(bestValuePlanId([plan(1, 1000, 10), plan(2, 3000, 30), plan(3, 0, 0)])).toBe(2);
  });

  it('badges nothing with fewer than two plans', () => {
    expect(bestValuePlanId([plan(1, 1000, 30)])).toBeNull();
    expect(bestValuePlanId([])).toBeNull();
  });

  it('keeps other badges, and the first offer only while it applies', () => {
    expect(planBadge(plan(4, 1, 1, { badge: 'popular' }), 1)).toBe('popular');
    expect(planBadge(plan(4, 1, 1, { badge: 'first_offer', first_offer: 0 }), 1)).toBe('');
    expect(planBadge(plan(4, 1, 1, { first_offer: 1 }), 1)).toBe('first_offer');
    expect(planBadge(plan(4, 1, 1, { badge: 'best_value', first_offer: 1 }), 1)).toBe('first_offer');
  });
});
