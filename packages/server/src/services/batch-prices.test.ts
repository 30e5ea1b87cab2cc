import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batchPrices } from './unlock.service.js';

describe('batchPrices', () => {
  it('takes the discount off the total, so cheap chapters are never given away', () => {
    expect(batchPrices([1, 1, 1, 1, 1], 5)).toEqual([1, 1, 1, 1, 1]);
    expect(batchPrices([7, 7, 7, 7, 7], 5)).toEqual([7, 7, 7, 7, 6]);
    expect(batchPrices([10, 10, 10, 10, 10], 5).reduce((a, b) => a + b, 0)).toBe(48);
    expect(batchPrices([25], 0)).toEqual([25]);
  });

  it('charges the discounted total exactly, never below zero per chapter, never above the list price', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: 0, max: 90 }),
        (prices, percent) => {
          const shares = batchPrices(prices, percent);
          const list = prices.reduce((a, b) => a + b, 0);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(list - Math.floor((list * percent) / 100));
          shares.forEach((share) => expect(share).toBeGreaterThanOrEqual(0));
          expect(Math.max(...shares.map((share, i) => share - prices[i]!))).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});
