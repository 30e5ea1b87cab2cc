/**
 * The floating ad's rules (spec §4 "Ad visibility", §5 "Ad offsets" and "Ad click target"), as pure
 * functions so every rule is unit-tested without a browser. Placement (offsets, anchor, rpx,
 * platform_show) lives in @dm51/shared's ad-placement.ts, which the console's preview uses too.
 */
import {
  AD_PAGES,
  AD_REFRESH_MIN_MS,
  adAnchor,
  adOffset,
  adPlacement,
  platformAllows,
  rpxToPx,
  type Ad,
  type AdPage,
} from '@dm51/shared';
import { findRoute, isTabRoute } from '../routes/route-table';

/** Spec §9: the ad list is asked for at most once per 10 s. */
export const AD_REFRESH_MS = AD_REFRESH_MIN_MS;

export { AD_PAGES, adAnchor, adOffset, adPlacement, platformAllows, rpxToPx, type AdPage };

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
