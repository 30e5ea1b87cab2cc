import { PULL_TO_REFRESH } from '@dm51/shared';

/** Spec §4 pull-to-refresh states (plus idle). */
export type PullPhase = 'idle' | 'pulling' | 'reached' | 'refreshing' | 'restoring' | 'aborting';

/**
 * How far the content follows the finger: 1:1 at first, then with growing resistance, never past
 * the range (spec §9: range 150). The resistance keeps a long drag from feeling like a free scroll.
 */
export function pullDistance(fingerDelta: number, range: number = PULL_TO_REFRESH.range): number {
  if (fingerDelta <= 0) return 0;
  const damped = range * (1 - Math.exp(-fingerDelta / range));
  return Math.min(range, Math.round(damped * 10) / 10);
}

/** While the finger is down: reached once the content is pulled the full height (spec §9: 70). */
export function phaseWhilePulling(distance: number, height: number = PULL_TO_REFRESH.height): PullPhase {
  if (distance <= 0) return 'idle';
  return distance >= height ? 'reached' : 'pulling';
}

/** On release: refresh when reached, else spring back (aborting). */
export function phaseOnRelease(phase: PullPhase): PullPhase {
  if (phase === 'reached') return 'refreshing';
  if (phase === 'pulling') return 'aborting';
  return phase;
}

/** Where the content rests in a phase that is not following the finger. */
export function restingOffset(phase: PullPhase, height: number = PULL_TO_REFRESH.height): number {
  return phase === 'refreshing' ? height : 0;
}
