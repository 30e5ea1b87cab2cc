export type PathCheck = { ok: true; name: string } | { ok: false; reason: string };

/**
 * Archive entry names are attacker-controlled: they can climb out of an extraction folder
 * (`../evil.jpg`), be absolute (`/etc/passwd`, `C:\x`), or smuggle control characters.
 * We normalise backslashes (Windows zippers write them) and refuse the rest.
 */
export function checkEntryPath(raw: string): PathCheck {
  if (raw.length === 0) return { ok: false, reason: 'empty entry name' };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(raw)) return { ok: false, reason: 'control character in entry name' };
  const slashed = raw.replace(/\\/g, '/');
  if (slashed.startsWith('/')) return { ok: false, reason: 'absolute path in entry name' };
  if (/^[A-Za-z]:/.test(slashed)) return { ok: false, reason: 'drive letter in entry name' };
  const parts = slashed.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) return { ok: false, reason: 'parent-directory (..) segment in entry name' };
  if (parts.length === 0) return { ok: false, reason: 'empty entry name' };
  return { ok: true, name: parts.join('/') };
}
