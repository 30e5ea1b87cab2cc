/**
 * Where the floating ad sits and whether it shows (spec §4 "Ad visibility", §5 "Ad offsets"): pure
 * functions shared by the app's widget (packages/web lib/ad-rules.ts) and the console's placement
 * preview (packages/admin), so the preview puts the ad exactly where the app will. No imports: the
 * console loads it through the `@dm51/shared/ad-placement` entry without the rest of the package.
 */

/** The design width pic_width/pic_height are given in (rpx). */
export const RPX_DESIGN_WIDTH = 750;

/** Width used when pic_width is 0 (rpx). */
export const DEFAULT_AD_PIC_RPX = 150;

/** The pages that carry the floating widget (spec §2); ads are keyed by these names. */
export const AD_PAGES = ['home', 'sort', 'ai', 'user'] as const;
export type AdPage = (typeof AD_PAGES)[number];

/** Every page name an ad row may have: the widget pages and the home banner slot. */
export const AD_PLACEMENTS = [...AD_PAGES, 'home_banner'] as const;
export type AdPlacementName = (typeof AD_PLACEMENTS)[number];

/** The fields of an ad that decide where it sits. */
export interface AdPosition {
  position: string;
  position_offset_x: string;
  position_offset_y: string;
}

/** platform_show: 1 only in the installed app, 2 only in the browser, anything else both. */
export function platformAllows(platformShow: number, standalone: boolean): boolean {
  if (platformShow === 1) return standalone;
  if (platformShow === 2) return !standalone;
  return true;
}

/** An offset as CSS: a number or a number with px or %; anything else is 0px. */
export function adOffset(value: string | number): string {
  const text = String(value).trim();
  const match = /^(-?\d+(?:\.\d+)?)(px|%)?$/.exec(text);
  if (!match) return '0px';
  return `${match[1]}${match[2] ?? 'px'}`;
}

/** rpx (a 750-wide design) to px at the app's width. */
export function rpxToPx(rpx: number, rootWidth: number): number {
  if (!Number.isFinite(rpx) || rpx <= 0) return 0;
  return Math.round((rpx * rootWidth) / RPX_DESIGN_WIDTH);
}

type Horizontal = 'left' | 'right' | 'center';
type Vertical = 'top' | 'bottom' | 'center';

/**
 * `position` names a corner or edge ('left-top', 'right-bottom', 'right-center', 'center-bottom'...,
 * either order); unknown words fall back to the right-bottom corner, the console's default.
 */
export function adAnchor(position: string): { horizontal: Horizontal; vertical: Vertical } {
  const words = new Set(position.toLowerCase().split(/[-_\s]+/));
  const centred = words.has('center') || words.has('middle');
  const along = <T extends string>(first: T, second: T): T | 'center' => {
    if (words.has(first)) return first;
    if (words.has(second)) return second;
    return centred ? 'center' : second;
  };
  return { horizontal: along('left', 'right'), vertical: along('top', 'bottom') };
}

/**
 * Absolute-position style of the widget inside its layer, offsets measured from the anchored edges.
 * Docked (the minimised state) sits flush against its side edge, keeping its height on the page.
 */
export function adPlacement(
  ad: AdPosition,
  docked = false,
): { style: Record<string, string>; side: 'left' | 'right' } {
  const anchor = adAnchor(ad.position);
  const side = anchor.horizontal === 'left' ? 'left' : 'right';
  const horizontal = docked ? side : anchor.horizontal;
  const x = docked ? '0px' : adOffset(ad.position_offset_x);
  const y = adOffset(ad.position_offset_y);
  const style: Record<string, string> = {};
  const transforms: string[] = [];
  if (horizontal === 'center') {
    style['left'] = `calc(50% + ${x})`;
    transforms.push('translateX(-50%)');
  } else style[horizontal] = x;
  if (anchor.vertical === 'center') {
    style['top'] = `calc(50% + ${y})`;
    transforms.push('translateY(-50%)');
  } else style[anchor.vertical] = y;
  if (transforms.length) style['transform'] = transforms.join(' ');
  return { style, side };
}
