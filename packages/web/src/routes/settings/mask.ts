/** Bound addresses are shown masked (138****5678, a***@example.com), as banking and reading apps do. */
export function maskAddress(value: string): string {
  const at = value.indexOf('@');
  if (at > 0) return `${value[0]}***${value.slice(at)}`;
  if (value.length >= 7) return `${value.slice(0, 3)}****${value.slice(-4)}`;
  return value;
}
