/**
 * Sizes as people read them on a phone ("12.3 MB", "12,3 Mo" in French): decimal units, the
 * language's own unit symbols and separators from Intl, one decimal where it tells sizes apart.
 */
const UNITS = [
  { unit: 'kilobyte', size: 1e3 },
  { unit: 'megabyte', size: 1e6 },
  { unit: 'gigabyte', size: 1e9 },
] as const;

export function formatBytes(bytes: number, locale: string): string {
  const safe = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  // Below a kilobyte still reads in kB ("0.4 kB"): a bare byte count is noise next to chapter sizes.
  const index = safe >= 1e9 ? 2 : safe >= 1e6 ? 1 : 0;
  const { unit, size } = UNITS[index]!;
  const value = safe / size;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    // "12.3 MB" but "123 MB": a tenth of a big number says nothing.
    maximumFractionDigits: value >= 100 || safe === 0 ? 0 : 1,
  }).format(value);
}
