/**
 * A count shortened for a small label: 999, 1.2k, 3.4w (万, ten thousand, as Chinese apps write
 * it), 56w. Views and favourites on details and ranking rows.
 */
export function compactCount(n: number): string {
  if (n >= 100_000) return `${Math.round(n / 10_000)}w`;
  if (n >= 10_000) return `${(n / 10_000).toFixed(1)}w`;
  if (n >= 1_000) return `${(n / 1_000).toFixed(1)}k`;
  return String(n);
}
