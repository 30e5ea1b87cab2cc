import { LAYOUT } from '@dm51/shared';

/** Root font size in px: width / 23.4375 (16px at 375 wide), the width capped at 960 (spec §9). */
export function rootFontSize(width: number): number {
  return Math.min(Math.max(width, 0), LAYOUT.maxWidth) / LAYOUT.rootFontDivisor;
}

/** Desktop layout when the window is at least 500 wide and 500 tall (spec §2). */
export function isDesktopLayout(width: number, height: number): boolean {
  return width >= LAYOUT.desktopMin && height >= LAYOUT.desktopMin;
}

/** Width of the phone column the app is drawn in on desktop. */
export const DESKTOP_COLUMN_PX = 480;
