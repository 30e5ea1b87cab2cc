/**
 * Which spine documents of a book are not chapters: the cover, title page, table of contents,
 * copyright and dedication pages before the text (front matter), colophons and licences after it
 * (back matter). A reader shows them around the chapters but does not number or count them.
 */

export type Matter = 'front' | 'back';

/** What one spine document says about itself. */
export interface MatterClues {
  title: string;
  text: string;
  images: number;
  /** epub:type of the body/outer section, the nav landmark type and the OPF guide type. */
  types: string[];
  /** The spine item is the EPUB 3 navigation document. */
  isNav: boolean;
}

// EPUB 3 structural semantics and EPUB 2 guide types that name a page that is not reading text.
const NOT_TEXT_TYPES = new Set([
  'cover',
  'titlepage',
  'title-page',
  'halftitlepage',
  'copyright-page',
  'toc',
  'loi',
  'lot',
  'imprint',
  'colophon',
  'dedication',
  'epigraph',
  'frontmatter',
  'backmatter',
]);
const NOT_TEXT_TITLE =
  /^(?:(?:front |back )?cover|title(?: page)?|half[- ]?title|(?:the )?contents|table of contents|copyright(?: page)?|colophon|imprint|dedication|封面|封面页|封底|目录|目錄|版权|版權|版权页|版權頁|版权信息|版權信息|扉页|書名頁|书名页|表紙|目次|奥付|扉|とびら)$/i;
/** Front/back matter pages are short; a long "frontmatter" section is a preface worth reading. */
const MAX_MATTER_CHARS = 4000;
/** What may be left of a Gutenberg header or licence page once its boilerplate is cut away. */
const MAX_GUTENBERG_REST = 1500;

/** Whether a document on its own looks like front/back matter, wherever it stands. */
function looksLikeMatter(doc: MatterClues): boolean {
  if (isGutenbergBoilerplate(doc.text)) return true;
  if (doc.text.length > MAX_MATTER_CHARS) return false;
  if (doc.isNav || doc.types.some((t) => NOT_TEXT_TYPES.has(t.toLowerCase()))) return true;
  return NOT_TEXT_TITLE.test(doc.title.trim().replace(/[.:：]$/, ''));
}

/**
 * Project Gutenberg's header ("The Project Gutenberg eBook of …" up to "*** START OF …") and
 * licence ("*** END OF …" and "THE FULL PROJECT GUTENBERG LICENSE"): a page that is little else.
 */
export function isGutenbergBoilerplate(text: string): boolean {
  if (!/project gutenberg/i.test(text)) return false;
  let rest = text;
  const start = /\*{3}\s*START OF (?:THE|THIS) PROJECT GUTENBERG[^\n]*/i.exec(rest);
  if (start) rest = rest.slice(start.index + start[0].length);
  else if (/^\s*(?:the )?project gutenberg/i.test(rest)) rest = rest.replace(/^[^\n]*/, '');
  const end = /\*{3}\s*END OF (?:THE|THIS) PROJECT GUTENBERG|THE FULL PROJECT GUTENBERG LICEN[SC]E/i.exec(
    rest,
  );
  if (end) rest = rest.slice(0, end.index);
  else if (!start) return false;
  return rest.trim().length <= MAX_GUTENBERG_REST;
}

/**
 * The matter of each document, in spine order: pages that look like matter before the first
 * chapter are front matter, after the last one back matter; in between they stay chapters (a
 * part's own title page is part of the book). Pictures before the first text (cover wrappers)
 * are front matter, unless the book has no text. When nothing would be left, every document
 * stays a chapter.
 */
export function classifyMatter(docs: MatterClues[]): (Matter | null)[] {
  const matter = docs.map(looksLikeMatter);
  let firstText = docs.findIndex((d, i) => !matter[i] && d.text.trim() !== '');
  // A picture book: its first picture page is where the content starts.
  if (firstText < 0) firstText = matter.indexOf(false);
  if (firstText < 0) return docs.map(() => null);
  let last = docs.length - 1;
  while (last > firstText && matter[last]) last -= 1;
  return docs.map((_, i) => (i < firstText ? 'front' : i > last ? 'back' : null));
}

const QUOTE_PAIRS: [string, string][] = [
  ['"', '"'],
  ["'", "'"],
  ['“', '”'],
  ['‘', '’'],
  ['«', '»'],
  ['„', '“'],
];

/** A title without the quotes a tool wrapped it in (`"Cover"`, `“Chapter 1”`). */
export function unquoteTitle(title: string): string {
  let out = title.replace(/\s+/g, ' ').trim();
  for (;;) {
    const pair = QUOTE_PAIRS.find(
      ([open, close]) =>
        out.length > 2 &&
        out.startsWith(open) &&
        out.endsWith(close) &&
        !out.slice(1, -1).includes(open) &&
        !out.slice(1, -1).includes(close),
    );
    if (!pair) return out;
    out = out.slice(1, -1).trim();
  }
}
