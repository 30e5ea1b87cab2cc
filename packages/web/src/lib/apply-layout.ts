import { RESIZE_DEBOUNCE_MS } from '@dm51/shared';
import { DESKTOP_COLUMN_PX, isDesktopLayout, rootFontSize } from './layout';

/**
 * Sets the root font size (rem scale) and the desktop flag on <html>. On desktop the app is drawn
 * in a phone-width column, so the rem scale follows the column, not the window.
 */
function apply(): void {
  const { innerWidth: width, innerHeight: height } = window;
  const desktop = isDesktopLayout(width, height);
  const root = document.documentElement;
  root.style.fontSize = `${rootFontSize(desktop ? Math.min(width, DESKTOP_COLUMN_PX) : width)}px`;
  root.classList.toggle('is-desktop', desktop);
  root.style.setProperty('--app-column-width', desktop ? `${DESKTOP_COLUMN_PX}px` : '100%');
}

export function startLayout(): void {
  apply();
  let timer: ReturnType<typeof setTimeout> | undefined;
  window.addEventListener('resize', () => {
    clearTimeout(timer);
    timer = setTimeout(apply, RESIZE_DEBOUNCE_MS);
  });
}
