/**
 * The ComicInfo.xml of a CBZ download (the Anansi Project's ComicInfo 2.0 schema, which comic
 * readers such as Komga, Kavita, Panels, Chunky and KOReader read): series, number, title, credits,
 * summary, language, page list, and `Manga=YesAndRightToLeft` for a right-to-left work so the
 * reader turns pages the right way. The schema is a sequence: elements must come in its order.
 * Nothing here depends on the time of the request, so the same chapter gives the same bytes.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { xmlText } from './atom.js';
import type { ComicFacts } from './opds.repository.js';

export interface ComicInfoPage {
  /** Size of the page's file in the CBZ, in bytes. */
  bytes: number;
  width: number;
  height: number;
}

/** Stored credit roles → ComicInfo 2.0 credit elements (the schema has no translator). */
const CREDIT_ELEMENTS = [
  ['Writer', ['writer', 'author', 'story', '']],
  ['Penciller', ['penciller', 'artist', 'art']],
  ['Inker', ['inker']],
  ['Colorist', ['colorist']],
  ['Letterer', ['letterer']],
  ['CoverArtist', ['cover', 'coverartist']],
  ['Editor', ['editor']],
] as const;

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  suppressEmptyNode: true,
});

/** ComicInfo lists several people in one element, comma-separated; each name once. */
function credits(facts: ComicFacts, roles: readonly string[]): string {
  const names = facts.authors
    .filter((author) => roles.includes(author.role.trim().toLowerCase()))
    .map((author) => author.name.trim())
    .filter(Boolean);
  return [...new Set(names)].join(', ');
}

export function buildComicInfo(facts: ComicFacts, pages: readonly ComicInfoPage[]): string {
  const text = (value: string) => xmlText(value.trim()) || undefined;
  const volume = /^\d{1,6}$/.test(facts.volume.trim()) ? Number(facts.volume.trim()) : undefined;
  const info: Record<string, unknown> = {
    Title: text(facts.title),
    Series: text(facts.series),
    Number: text(facts.number),
    Volume: volume,
    Summary: text(facts.summary),
    ...Object.fromEntries(CREDIT_ELEMENTS.map(([element, roles]) => [element, text(credits(facts, roles))])),
    Genre: text(facts.tags.join(', ')),
    PageCount: pages.length,
    LanguageISO: text(facts.language),
    // Right to left is known from the work; left to right is not proof of "not manga", so only
    // the right-to-left case is stated (the schema's default is Unknown).
    Manga: facts.rtl ? 'YesAndRightToLeft' : undefined,
    Pages: {
      Page: pages.map((page, index) => ({
        '@_Image': index,
        '@_ImageSize': page.bytes,
        ...(page.width > 0 ? { '@_ImageWidth': page.width } : {}),
        ...(page.height > 0 ? { '@_ImageHeight': page.height } : {}),
      })),
    },
  };
  const present = Object.fromEntries(Object.entries(info).filter(([, value]) => value !== undefined));
  if (pages.length === 0) delete present['Pages'];
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    ComicInfo: {
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      '@_xmlns:xsd': 'http://www.w3.org/2001/XMLSchema',
      ...present,
    },
  }) as string;
}
