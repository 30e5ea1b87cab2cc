/**
 * A comic archive or image folder → one chapter with its pages rendered and stored. Pages that
 * cannot be decoded (or break the pixel limit) are left out with a reason; a chapter with no page
 * left is refused as a whole.
 */
import {
  LibraryError,
  openArchive,
  parseName,
  readComicFrom,
  type ArchiveLimits,
  type ComicInfo,
  type PdfLimits,
} from '@dm51/library';
import type { AuthorCredit, FileMeta, PreparedFile, PreparedPage } from './import-types.js';
import type { LibraryUnit } from './library-walker.js';
import type { MediaWriter } from './media-renditions.js';
import {
  chapterTitle,
  cleanSeriesName,
  isFormatOnlyName,
  parseNotes,
  stemOf,
  untitledName,
  workKeyFor,
} from './work-naming.js';

export interface PrepareContext {
  writer: MediaWriter;
  limits: ArchiveLimits;
  /** PDF size and page limits (DEFAULT_PDF_LIMITS when not given). */
  pdfLimits?: PdfLimits;
}

const ROLES: [keyof ComicInfo, string][] = [
  ['writers', 'writer'],
  ['pencillers', 'penciller'],
  ['inkers', 'inker'],
  ['colorists', 'colorist'],
  ['letterers', 'letterer'],
  ['coverArtists', 'cover'],
  ['editors', 'editor'],
  ['translators', 'translator'],
];

export function comicMeta(info: ComicInfo | null): FileMeta {
  const notes = parseNotes(info?.notes ?? null);
  const authors: AuthorCredit[] = [];
  for (const [field, role] of ROLES) {
    for (const name of (info?.[field] as string[] | undefined) ?? []) authors.push({ name, role });
  }
  return {
    series: info?.series ? cleanSeriesName(info.series) : null,
    altTitles: [],
    summary: info?.summary ?? null,
    authors,
    genres: info?.genres ?? [],
    tags: info?.tags ?? [],
    language: info?.languageIso ?? null,
    rtl: info?.rightToLeft ?? false,
    ageRating: info?.ageRating ?? null,
    finished: notes.finished,
    pay: notes.pay,
    price: notes.price,
    scoreX10:
      notes.scoreX10 ?? (info?.communityRating != null ? Math.round(info.communityRating * 20) : null),
    count: info?.count ?? null,
    cover: null,
  };
}

/**
 * The series a comic file's name gives when ComicInfo names none. A name that is only its format
 * ("7zip.7z") is no title: ComicInfo's Title names it, else it is `Untitled (7zip.7z)`.
 */
function comicSeriesName(rel: string, parsed: string | null, title: string | null): string {
  if (isFormatOnlyName(rel)) return title ? cleanSeriesName(title) : untitledName(rel);
  return cleanSeriesName(parsed ?? stemOf(rel));
}

export async function prepareComic(unit: LibraryUnit, ctx: PrepareContext): Promise<PreparedFile> {
  const reader = await openArchive(unit.abs, ctx.limits);
  try {
    const book = await readComicFrom(reader);
    const info = book.metadata;
    const skipped = [...book.skipped];
    const failedEntries: PreparedFile['failedEntries'] = [];
    const parsed = parseName(unit.rel);
    const meta = comicMeta(info);
    const coverIndex = info?.pages.find((p) => p.type === 'FrontCover')?.image ?? 0;
    const deleted = new Set(info?.pages.filter((p) => p.type === 'Deleted').map((p) => p.image) ?? []);

    const pages: PreparedPage[] = [];
    let coverBytes: Buffer | null = null;
    for (const [i, page] of book.pages.entries()) {
      if (deleted.has(i)) continue;
      try {
        const bytes = await reader.read(page.entryName, ctx.limits.maxEntryBytes);
        const stored = await ctx.writer.putPage(bytes);
        pages.push({ index: pages.length, ...stored });
        if (i === coverIndex || coverBytes === null) coverBytes = bytes;
      } catch (error) {
        if (!(error instanceof LibraryError) || error.code === 'encrypted') throw error;
        failedEntries.push({ entry: page.entryName, reason: error.reason });
      }
    }
    if (pages.length === 0) {
      throw new LibraryError(
        'no-content',
        `no readable page (${failedEntries
          .map((s) => `${s.entry}: ${s.reason}`)
          .slice(0, 3)
          .join('; ')})`,
      );
    }
    if (coverBytes) meta.cover = await ctx.writer.putCover(coverBytes);

    const series = meta.series ?? comicSeriesName(unit.rel, parsed.series, info?.title ?? null);
    // A special (SP01, Omake, a Specials/ folder) numbered by neither its name nor ComicInfo sorts
    // after the numbered chapters and volumes, as Kavita shows them.
    const special = parsed.special === true && !info?.number;
    const volume = info?.volume ?? (special ? '' : (parsed.volume ?? ''));
    const number = info?.number ?? parsed.chapter ?? '';
    return {
      kind: 'comic',
      workKey: workKeyFor(unit, 'comic', series),
      fallbackTitle: series,
      meta,
      chapters: [
        {
          sourcePath: unit.rel,
          number,
          volume,
          title: info?.title ?? chapterTitle('comic', volume, number, stemOf(unit.rel)),
          special: parsed.special === true,
          pages,
          novel: null,
          video: null,
          durationS: 0,
          extraMedia: meta.cover ? [meta.cover.key] : [],
        },
      ],
      media: ctx.writer.written,
      skipped,
      failedEntries,
    };
  } finally {
    await reader.close();
  }
}
