/** What the browser tells us about the device; used for `facility`, the install banner and links. */

export function osName(userAgent: string): string {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'iOS';
  if (/Android/i.test(userAgent)) return 'Android';
  if (/Windows/i.test(userAgent)) return 'Windows';
  if (/Mac OS X|Macintosh/i.test(userAgent)) return 'macOS';
  if (/Linux/i.test(userAgent)) return 'Linux';
  return 'Web';
}

/** The `facility` field merged into every call (protocol.md): OS name + '_h5'. */
export function facilityFor(userAgent: string): string {
  return `${osName(userAgent)}_h5`;
}

export function isIOS(userAgent = globalThis.navigator?.userAgent ?? ''): boolean {
  // iPadOS reports itself as a Mac; touch support tells them apart.
  return (
    /iPhone|iPad|iPod/i.test(userAgent) ||
    (/Macintosh/i.test(userAgent) && (globalThis.navigator?.maxTouchPoints ?? 0) > 1)
  );
}

/** True when launched from the home screen as an installed app. */
export function isStandalone(): boolean {
  const nav = globalThis.navigator as Navigator & { standalone?: boolean };
  if (nav?.standalone) return true;
  return globalThis.matchMedia?.('(display-mode: standalone)').matches ?? false;
}

/** Web addresses open outside the app: same window on iOS (popups are blocked there), else a new one. */
export function openExternal(url: string): void {
  if (isIOS()) {
    globalThis.location.href = url;
  } else {
    globalThis.open(url, '_blank', 'noopener');
  }
}

export function isWebAddress(url: string): boolean {
  return /^https?:\/\//i.test(url.trim());
}
