/**
 * Whether a chapter's HTML already opens with its own heading naming the chapter (EPUB chapters
 * usually do): the reader then leaves out its title so the name is not shown twice.
 */
export function htmlOpensWithTitle(html: string, title: string): boolean {
  const match = /^\s*(?:<(?:section|div|header)[^>]*>\s*)*<h[1-6][^>]*>([\s\S]*?)<\/h[1-6]>/i.exec(html);
  if (!match) return false;
  const heading = normalise(match[1]!.replace(/<[^>]*>/g, ''));
  return heading !== '' && heading === normalise(title);
}

function normalise(text: string): string {
  return text
    .replace(/&nbsp;|&#160;/g, ' ')
    .normalize('NFKC')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}
