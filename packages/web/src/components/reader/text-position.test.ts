import { describe, expect, it } from 'vitest';
import { domToTextOffset, pageOfX, textPercent, textToDomOffset } from './text-position';

describe('novel text positions', () => {
  it('scales DOM offsets to plain-text offsets and back', () => {
    expect(domToTextOffset(500, 1000, 980)).toBe(490);
    expect(textToDomOffset(490, 980, 1000)).toBe(500);
    expect(domToTextOffset(0, 1000, 980)).toBe(0);
    expect(domToTextOffset(1200, 1000, 980)).toBe(980);
    expect(textToDomOffset(-5, 980, 1000)).toBe(0);
    expect(domToTextOffset(10, 0, 980)).toBe(0);
  });

  it('round-trips within a character for equal-length text', () => {
    for (const position of [0, 1, 77, 4999, 5000]) {
      expect(domToTextOffset(textToDomOffset(position, 5000, 5000), 5000, 5000)).toBe(position);
    }
  });

  it('finds the column-page of an x offset', () => {
    expect(pageOfX(0, 375, 10)).toBe(0);
    expect(pageOfX(374, 375, 10)).toBe(0);
    expect(pageOfX(375, 375, 10)).toBe(1);
    expect(pageOfX(375 * 3 + 10, 375, 10)).toBe(3);
    expect(pageOfX(99_999, 375, 10)).toBe(9);
  });

  it('computes the percent of the chapter', () => {
    expect(textPercent(250, 1000)).toBe(25);
    expect(textPercent(0, 0)).toBe(100);
    expect(textPercent(2000, 1000)).toBe(100);
  });
});
