/**
 * Which entries are pages. Decided by extension at listing time so that a scan never decompresses
 * page data. `.ico` is deliberately NOT a page: in real archives (Stump's fixtures) .ico files are
 * favicons left by a browser "save as", and libvips cannot decode them anyway. `.jxl` is accepted:
 * it is a real comic page format now, even though browsers vary in support (the server can
 * transcode).
 */
export const PAGE_EXTENSIONS = new Set([
  'jpg',
  'jpeg',
  'jpe',
  'jfif',
  'png',
  'webp',
  'gif',
  'avif',
  'jxl',
  'bmp',
]);

export function extensionOf(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function isPageImage(name: string): boolean {
  return PAGE_EXTENSIONS.has(extensionOf(name));
}

/** OS litter that is never content: macOS resource forks and Finder files, Windows thumbnails. */
export function systemFileReason(name: string): string | null {
  const parts = name.split('/');
  const base = (parts.at(-1) ?? '').toLowerCase();
  if (parts.some((p) => p === '__MACOSX')) return 'macOS resource fork (__MACOSX)';
  if (base.startsWith('.')) return 'hidden file';
  if (base === 'thumbs.db' || base === 'desktop.ini') return 'Windows system file';
  return null;
}

/** Natural order: "2" before "10", case-insensitive, as readers number their pages. */
export const naturalCompare = new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare;
