import { describe, expect, it } from 'vitest';
import { phaseOnRelease, phaseWhilePulling, pullDistance, restingOffset } from './pull-state';

describe('pull-to-refresh', () => {
  it('follows the finger with resistance and never passes the 150 px range', () => {
    expect(pullDistance(-20)).toBe(0);
    expect(pullDistance(10)).toBeGreaterThan(9);
    expect(pullDistance(100)).toBeLessThan(100);
    expect(pullDistance(10_000)).toBeLessThanOrEqual(150);
    expect(pullDistance(200)).toBeGreaterThan(pullDistance(150));
  });

  it('reaches at the 70 px height and refreshes on release only then', () => {
    expect(phaseWhilePulling(0)).toBe('idle');
    expect(phaseWhilePulling(69)).toBe('pulling');
    expect(phaseWhilePulling(70)).toBe('reached');
    expect(phaseOnRelease('reached')).toBe('refreshing');
    expect(phaseOnRelease('pulling')).toBe('aborting');
    expect(phaseOnRelease('refreshing')).toBe('refreshing');
  });

  it('holds the head open at 70 px while refreshing and closes otherwise', () => {
    expect(restingOffset('refreshing')).toBe(70);
    expect(restingOffset('restoring')).toBe(0);
    expect(restingOffset('aborting')).toBe(0);
  });

  it('needs a pull of about 100 px of finger travel to reach', () => {
    let finger = 0;
    while (phaseWhilePulling(pullDistance(finger)) !== 'reached') finger += 1;
    expect(finger).toBeGreaterThan(70);
    expect(finger).toBeLessThan(120);
  });
});
