import type { ArchiveEntry, ArchiveFormat, ArchiveReader, SkippedEntry } from '../archives/archive-reader.js';
import type { ArchiveLimits } from '../archives/limits.js';
import { openArchive } from '../archives/open-archive.js';
import { LibraryError, errorMessage } from '../errors.js';
import { parseComicInfo, type ComicInfo } from './comicinfo.js';
import { isPageImage, naturalCompare, systemFileReason } from './image-types.js';

export interface ComicPage {
  entryName: string;
  size: number;
}

export interface ComicBook {
  format: ArchiveFormat;
  metadata: ComicInfo | null;
  /** The ComicInfo.xml entry the metadata came from. */
  metadataEntry: string | null;
  pages: ComicPage[];
  skipped: SkippedEntry[];
  /** Archive comment (ComicBookInfo JSON lives here in some CBZ/CBR). */
  comment: string | null;
}

const MAX_COMICINFO_BYTES = 4 * 1024 * 1024;

/**
 * Reads a comic archive (CBZ/ZIP, CB7/7z, CBR/RAR, CBT/TAR) or a folder of images: ComicInfo.xml and the
 * page list in natural order. Only the archive index and the ComicInfo entry are read; pages are
 * never decompressed here. Refuses (LibraryError) encrypted archives and archives without pages.
 */
export async function readComic(path: string, limits?: ArchiveLimits): Promise<ComicBook> {
  const reader = await openArchive(path, limits);
  try {
    return await readComicFrom(reader);
  } finally {
    await reader.close();
  }
}

export async function readComicFrom(reader: ArchiveReader): Promise<ComicBook> {
  const listing = await reader.list();
  const skipped: SkippedEntry[] = [...listing.skipped];
  const pages: ComicPage[] = [];
  const infoCandidates: ArchiveEntry[] = [];
  let encrypted = 0;
  for (const entry of listing.entries) {
    if (entry.isDirectory) continue;
    const system = systemFileReason(entry.name);
    if (system) {
      skipped.push({ entry: entry.name, reason: system });
    } else if (baseName(entry.name).toLowerCase() === 'comicinfo.xml') {
      infoCandidates.push(entry);
    } else if (!isPageImage(entry.name)) {
      skipped.push({ entry: entry.name, reason: 'not a page image' });
    } else if (entry.encrypted) {
      encrypted++;
    } else if (entry.size === 0) {
      skipped.push({ entry: entry.name, reason: 'empty file' });
    } else {
      pages.push({ entryName: entry.name, size: entry.size });
    }
  }
  if (encrypted > 0) throw new LibraryError('encrypted', 'encrypted archive');
  pages.sort((a, b) => naturalCompare(a.entryName, b.entryName));
  if (pages.length === 0) {
    // The first reasons say why (a bomb's only entry refused, only .ico favicons...).
    const why = skipped
      .slice(0, 3)
      .map((s) => `${s.entry}: ${s.reason}`)
      .join('; ');
    throw new LibraryError(
      'no-content',
      `no page images (${listing.entries.length} entries, ${skipped.length} skipped${why ? `: ${why}` : ''})`,
    );
  }
  const info = await loadComicInfo(reader, infoCandidates);
  skipped.push(...info.skipped);
  const { metadata, entry: metadataEntry } = info;
  return {
    format: reader.format,
    metadata,
    metadataEntry,
    pages,
    skipped,
    comment: listing.comment,
  };
}

/** ComicInfo only, for archives that may hold no pages (metadata refresh, Kavita's fixtures). */
export async function readArchiveComicInfo(
  path: string,
): Promise<{ metadata: ComicInfo | null; entry: string | null }> {
  const reader = await openArchive(path);
  try {
    const listing = await reader.list();
    const candidates = listing.entries.filter(
      (e) =>
        !e.isDirectory && !systemFileReason(e.name) && baseName(e.name).toLowerCase() === 'comicinfo.xml',
    );
    const { metadata, entry } = await loadComicInfo(reader, candidates);
    return { metadata, entry };
  } finally {
    await reader.close();
  }
}

async function loadComicInfo(
  reader: ArchiveReader,
  candidates: readonly ArchiveEntry[],
): Promise<{ metadata: ComicInfo | null; entry: string | null; skipped: SkippedEntry[] }> {
  const skipped: SkippedEntry[] = [];
  const chosen = chooseComicInfo(candidates);
  for (const other of candidates) {
    if (other !== chosen)
      skipped.push({ entry: other.name, reason: 'ComicInfo.xml shadowed by one nearer the root' });
  }
  if (!chosen) return { metadata: null, entry: null, skipped };
  try {
    const metadata = parseComicInfo(await reader.read(chosen.name, MAX_COMICINFO_BYTES));
    return { metadata, entry: chosen.name, skipped };
  } catch (e) {
    if (e instanceof LibraryError && e.code === 'encrypted') throw e;
    skipped.push({ entry: chosen.name, reason: e instanceof LibraryError ? e.reason : errorMessage(e) });
    return { metadata: null, entry: null, skipped };
  }
}

/**
 * Several ComicInfo.xml files happen (a root one written by a tagger, an old one inside the page
 * folder). The root one wins, as in Kavita and Komga; otherwise the shallowest, then name order.
 */
export function chooseComicInfo(candidates: readonly ArchiveEntry[]): ArchiveEntry | null {
  const sorted = [...candidates].sort(
    (a, b) => depth(a.name) - depth(b.name) || naturalCompare(a.name, b.name),
  );
  return sorted[0] ?? null;
}

function depth(name: string): number {
  return name.split('/').length - 1;
}

function baseName(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}
