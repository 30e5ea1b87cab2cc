import { describe, expect, it } from 'vitest';
import { nextSlide, swipeTarget } from './swiper-logic';

describe('banner swiper', () => {
  it('autoplays forward through the clone of the first slide', () => {
    expect(nextSlide(0, 3)).toBe(1);
    expect(nextSlide(2, 3)).toBe(3);
    expect(nextSlide(3, 3)).toBe(1);
    expect(nextSlide(0, 1)).toBe(0);
  });

  it('changes slide only for a swipe over 18% of the width', () => {
    expect(swipeTarget(1, -50, 375, 3)).toBe(1);
    expect(swipeTarget(1, -80, 375, 3)).toBe(2);
    expect(swipeTarget(1, 80, 375, 3)).toBe(0);
    expect(swipeTarget(0, 80, 375, 3)).toBe(2);
    expect(swipeTarget(2, -80, 375, 3)).toBe(3);
  });
});
