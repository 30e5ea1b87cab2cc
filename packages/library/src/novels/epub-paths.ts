import { posix } from 'node:path';

/**
 * Resolves an href found in `fromFile` (OPF, nav, chapter) to an archive entry path. Returns null
 * for remote URLs, data: URIs and anything that climbs above the archive root.
 */
export function resolveHref(fromFile: string, href: string): string | null {
  const bare = href.split('#')[0]?.split('?')[0] ?? '';
  if (bare === '' || /^[a-z][a-z0-9+.-]*:/i.test(bare)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(bare);
  } catch {
    decoded = bare;
  }
  const base = posix.dirname(fromFile);
  const joined = posix.normalize(posix.join(base === '.' ? '' : base, decoded));
  if (joined.startsWith('../') || joined === '..' || posix.isAbsolute(joined)) return null;
  return joined;
}
