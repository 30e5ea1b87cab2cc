import { describe, expect, it } from 'vitest';
import { formatMoney, groupThousands, perDayFen, signedCount } from './money';

describe('money format', () => {
  it('shows fen as yuan with two decimals, a symbol and thousands commas', () => {
    expect(formatMoney(1999, 'CNY')).toBe('¥19.99');
    expect(formatMoney(5, 'CNY')).toBe('¥0.05');
    expect(formatMoney(123456789, 'CNY')).toBe('¥1,234,567.89');
    expect(formatMoney(0, 'cny')).toBe('¥0.00');
    expect(formatMoney(-1500, 'CNY')).toBe('-¥15.00');
    expect(formatMoney(1000, 'XAU')).toBe('XAU 10.00');
  });

  it('groups thousands and signs counts', () => {
    expect(groupThousands(999)).toBe('999');
    expect(groupThousands(1000)).toBe('1,000');
    expect(signedCount(1200)).toBe('+1,200');
    expect(signedCount(-30)).toBe('\u221230');
    expect(signedCount(0)).toBe('0');
  });

  it('prices a day of a plan', () => {
    expect(perDayFen(1500, 30)).toBe(50);
    expect(perDayFen(16800, 365)).toBe(46);
    expect(perDayFen(100, 0)).toBe(100);
  });
});

describe('VIP time', () => {
  it('picks days, hours or minutes', async () => {
    const { vipSpan } = await import('./money');
    expect(vipSpan(30 * 86_400)).toEqual({ unit: 'days', count: 30 });
    expect(vipSpan(-86_400)).toEqual({ unit: 'days', count: 1 });
    expect(vipSpan(2 * 3_600)).toEqual({ unit: 'hours', count: 2 });
    expect(vipSpan(86_400 + 3_600)).toEqual({ unit: 'hours', count: 25 });
    expect(vipSpan(45 * 60)).toEqual({ unit: 'minutes', count: 45 });
  });
});
