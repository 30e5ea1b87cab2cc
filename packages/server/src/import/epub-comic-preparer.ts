/**
 * A picture-book EPUB (fixed-layout manga, one image a page) → one comic chapter, like a CBZ:
 * its page images in spine order, stored as pages; the reading direction from the package's
 * page-progression-direction; series, title and authors from the package metadata before the
 * file's name. Text pages around the pictures (a colophon, a licence) are not comic pages and
 * are left out.
 */
import { LibraryError, parseName, type ArchiveReader, type EpubBook } from '@dm51/library';
import type { FileMeta, PreparedFile, PreparedPage } from './import-types.js';
import type { LibraryUnit } from './library-walker.js';
import { comicMeta, type PrepareContext } from './comic-preparer.js';
import { withEpubMetadata } from './epub-metadata.js';
import { bookGrouping, chapterTitle, cleanSeriesName, stemOf, workKeyFor } from './work-naming.js';

// MARC relator codes as comic credits; an EPUB author of a picture book wrote and drew it.
const COMIC_ROLES: Record<string, string> = {
  aut: 'writer',
  art: 'penciller',
  ill: 'penciller',
  clr: 'colorist',
  trl: 'translator',
  edt: 'editor',
};

function pictureBookMeta(book: EpubBook): FileMeta {
  return withEpubMetadata(comicMeta(null), book, COMIC_ROLES, 'writer');
}

export async function prepareEpubComic(
  unit: LibraryUnit,
  ctx: PrepareContext,
  reader: ArchiveReader,
  book: EpubBook,
  pageEntries: string[],
): Promise<PreparedFile> {
  const meta = pictureBookMeta(book);
  const failedEntries: PreparedFile['failedEntries'] = [];
  const pages: PreparedPage[] = [];
  for (const entry of pageEntries) {
    try {
      const stored = await ctx.writer.putPage(await reader.read(entry, ctx.limits.maxEntryBytes));
      pages.push({ index: pages.length, ...stored });
    } catch (error) {
      if (!(error instanceof LibraryError) || error.code === 'encrypted') throw error;
      failedEntries.push({ entry, reason: error.reason });
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
  const coverEntry = book.coverImage ?? pageEntries[0]!;
  try {
    meta.cover = await ctx.writer.putCover(await reader.read(coverEntry, ctx.limits.maxEntryBytes));
  } catch (error) {
    if (!(error instanceof LibraryError)) throw error;
    failedEntries.push({ entry: coverEntry, reason: `cover: ${error.reason}` });
  }

  // The package's own title names the series before the file name does ("Saga, Vol. 2" → Saga).
  const parsed = parseName(unit.rel);
  const title = book.metadata.title?.trim() || null;
  const fromTitle = title ? parseName(title) : null;
  const series =
    meta.series ??
    (fromTitle ? cleanSeriesName(fromTitle.series ?? title!) : null) ??
    cleanSeriesName(parsed.series ?? stemOf(unit.rel));
  const volume = book.metadata.series?.index ?? parsed.volume ?? fromTitle?.volume ?? '';
  const number = parsed.chapter ?? fromTitle?.chapter ?? '';
  // Grouped as books are (work-naming.ts): sharing a folder does not make picture books one work.
  const numbered = (parsed.volume ?? fromTitle?.volume ?? null) !== null;
  const grouped = bookGrouping(unit, { series: meta.series, numbered });
  if (!meta.series && (!grouped.seriesFolder || !numbered)) meta.series = series;
  // The package names the work before its folder does.
  if (fromTitle) meta.series ??= series;
  if (title && cleanSeriesName(title) !== series) meta.altTitles.push(title);
  return {
    kind: 'comic',
    workKey: workKeyFor(grouped, 'comic', series),
    fallbackTitle: series,
    meta,
    chapters: [
      {
        sourcePath: unit.rel,
        number,
        volume,
        title: chapterTitle('comic', volume, number, title ?? stemOf(unit.rel)).slice(0, 255),
        special: parsed.special === true,
        pages,
        novel: null,
        video: null,
        durationS: 0,
        extraMedia: meta.cover ? [meta.cover.key] : [],
      },
    ],
    media: ctx.writer.written,
    skipped: [...book.skipped],
    failedEntries,
  };
}
