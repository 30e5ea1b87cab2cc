export type ReaderMode = 'scroll' | 'ltr' | 'rtl';
export type TapAction = 'prev' | 'next' | 'toggle';

/** Width share of each side zone in the paged modes; the middle toggles the bars. */
const SIDE_ZONE = 0.3;

/**
 * What a tap does (Kavita/WEBTOON habits): in the scrolling mode any tap shows or hides the bars;
 * in the paged modes the outer thirds turn pages, mirrored for right-to-left reading.
 */
export function tapAction(x: number, width: number, mode: ReaderMode): TapAction {
  if (mode === 'scroll' || width <= 0) return 'toggle';
  const share = x / width;
  if (share < SIDE_ZONE) return mode === 'rtl' ? 'next' : 'prev';
  if (share > 1 - SIDE_ZONE) return mode === 'rtl' ? 'prev' : 'next';
  return 'toggle';
}

export type ReaderLayout = 'scroll' | 'paged';
export type DirectionChoice = 'auto' | 'ltr' | 'rtl';

/**
 * The mode a chapter opens in: the saved layout (continuous scroll by default); paged reading
 * follows the work's direction (right to left for manga) unless the reader chose one.
 */
export function resolveMode(layout: ReaderLayout, direction: DirectionChoice, rtl: number): ReaderMode {
  if (layout === 'scroll') return 'scroll';
  if (direction !== 'auto') return direction;
  return rtl === 1 ? 'rtl' : 'ltr';
}
