/**
 * The floating ad's rules (spec §4 "Ad visibility", §5 "Ad offsets" and "Ad click target"), as pure
 * functions so every rule is unit-tested without a browser.
 */
import { AD_REFRESH_MIN_MS, type Ad } from '@dm51/shared';
import { findRoute, isTabRoute } from '../routes/route-table';

/** Spec §9: the ad list is asked for at most once per 10 s. */
export const AD_REFRESH_MS = AD_REFRESH_MIN_MS;

/** The design width pic_width/pic_height are given in (rpx). */
const RPX_DESIGN_WIDTH = 750;

/** The pages that carry the floating widget (spec §2); ads are keyed by these names. */
export const AD_PAGES = ['home', 'sort', 'ai', 'user'] as const;
export type AdPage = (typeof AD_PAGES)[number];

export function isAdPage(name: string | undefined): name is AdPage {
  return (AD_PAGES as readonly string[]).includes(name ?? '');
}

/** Close times (ms) kept in the advertising store: per page, and the global fallback. */
export interface AdCloseRecord {
  pages: Record<string, number>;
  global: number | null;
}

export interface VisibilityInput {
  ad: Ad | undefined;
  global: number;
  /** Running as an installed home-screen app (display-mode standalone / navigator.standalone). */
  standalone: boolean;
  closes: AdCloseRecord;
  page: string;
  now: number;
}

/** platform_show: 1 only in the installed app, 2 only in the browser, anything else both. */
export function platformAllows(platformShow: number, standalone: boolean): boolean {
  if (platformShow === 1) return standalone;
  if (platformShow === 2) return !standalone;
  return true;
}

/**
 * Shown when the page's ad exists, the global flag is not 0, the platform rule passes, and it was
 * never closed on this page or the last close is more than display_time_again ms ago (the global
 * close time stands in when the page has no close of its own).
 */
export function isAdVisible({ ad, global, standalone, closes, page, now }: VisibilityInput): boolean {
  if (!ad || global === 0) return false;
  if (!platformAllows(ad.platform_show, standalone)) return false;
  const lastClose = closes.pages[page] ?? closes.global;
  if (lastClose === null || lastClose === undefined) return true;
  return now - lastClose > ad.display_time_again;
}

/** Records a close: on the page when it has an ad, else as the global close time. */
export function recordClose(closes: AdCloseRecord, page: string, hasAd: boolean, now: number): AdCloseRecord {
  return hasAd ? { ...closes, pages: { ...closes.pages, [page]: now } } : { ...closes, global: now };
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
  ad: Pick<Ad, 'position' | 'position_offset_x' | 'position_offset_y'>,
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

export type AdClickTarget =
  | { kind: 'none' }
  | { kind: 'external'; url: string }
  | { kind: 'tab'; to: string }
  | { kind: 'page'; to: string };

/** Web-address-like: a scheme with '//' (http, https, others), a protocol-relative '//' or 'www.'. */
export function isWebAddressLike(url: string): boolean {
  return /^([a-z][a-z0-9+.-]*:)?\/\//i.test(url) || /^www\./i.test(url);
}

/** Spec §5: a web address opens outside; a tab page switches tab; anything else opens as a page. */
export function adClickTarget(url: string): AdClickTarget {
  const target = url.trim();
  if (target === '') return { kind: 'none' };
  if (isWebAddressLike(target)) {
    return { kind: 'external', url: /^www\./i.test(target) ? `https://${target}` : target };
  }
  const to = target.startsWith('/') ? target : `/${target}`;
  return isTabRoute(findRoute(to)) ? { kind: 'tab', to } : { kind: 'page', to };
}
