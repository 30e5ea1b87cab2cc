/** An unread badge's text: the count up to 99, then "99+" (four digits do not fit a bell). */
export function unreadLabel(count: number): string {
  return count > 99 ? '99+' : String(Math.max(0, Math.floor(count)));
}
