/**
 * Walks a library folder and lists what can be imported, with the size and modification time
 * that decide whether a file changed since the last run. Nothing is opened or decoded here, so an
 * unchanged library costs one readdir per folder and one stat per file.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isPageImage, isVolumeFolder, layoutFolderKind, matchSidecars } from '@dm51/library';
import type { ImportKind, PayMode } from './import-types.js';

export type UnitType = 'archive' | 'image-folder' | 'epub' | 'txt' | 'video' | 'work-folder' | 'unsupported';

export interface LibraryUnit {
  /** Library-relative path, forward slashes; a work-folder unit ends with '/'. */
  rel: string;
  abs: string;
  type: UnitType;
  /** The kind the layout says (`comics/`, `novels/`, `anime/`, 漫画...), null when it says nothing. */
  layoutKind: ImportKind | null;
  /**
   * Library-relative folder that holds the series, or null for a file loose in the kind root: the
   * deepest folder holding the file, or the one above when that only splits the series (`Vol 1/`,
   * `Season 2/`, `Specials/`), or the one above an image folder that is a chapter of it.
   * Never a folder because it holds other series too (`comics/Marvel/Spider-Man/` is the series).
   */
  seriesFolder: string | null;
  /** Library-relative folder loose files are grouped in ('' for the library root). */
  groupFolder: string;
  /** Library-relative kind root: the layout folder (`comics`, `novels`...), or '' (the library root). */
  kindRoot: string;
  size: number;
  mtimeMs: number;
  /** Videos: their subtitle files and thumbnail. */
  subtitles?: { path: string; format: string; language: string | null }[];
  thumbnail?: string | null;
  /**
   * Work folders: marker files and the poster/cover image. `pay` is the strongest pay marker
   * (`.vip` over `.coins`); `payFiles` are the pay markers, library-relative, the winning one
   * first: their content may be a price.
   */
  markers?: { pay: PayMode; finished: boolean; payFiles: string[] };
  poster?: string | null;
  /** EPUB/TXT: how many books share the folder (one book in a folder is that folder's work). */
  booksInFolder?: number;
  /** Kodi/Jellyfin series metadata (`tvshow.nfo`), library-relative. */
  nfo?: string | null;
}

/**
 * Comic archives, and PDFs (containers of pages; a typeset one may be read as a novel). `.tar` is
 * read as a comic under a comics folder, elsewhere only when it holds page images (the importer
 * checks); `.cbt` is a comic wherever it is.
 */
const ARCHIVE_EXT = new Set(['cbz', 'zip', 'cb7', '7z', 'cbr', 'rar', 'cbt', 'tar', 'pdf']);
/** Compressed tars by their usual names (`.tar.gz`, `.tgz`, `.tar.xz`, `.tar.bz2`, `.tar.zst`...). */
const COMPRESSED_TAR = /\.(tar\.(gz|bz2|xz|zst)|tgz|tbz2?|txz|tzst)$/i;
const VIDEO_EXT = new Set(['mp4', 'm4v', 'mkv', 'webm']);
/** Content formats the importer recognises but cannot read: reported, so operators know. */
const UNSUPPORTED_EXT = new Set([
  'mobi',
  'azw',
  'azw3',
  'kfx',
  'djvu',
  'avi',
  'mov',
  'wmv',
  'flv',
  'rmvb',
  'm2ts',
]);
/** Files that say something about the whole series folder (docs/operate/library.md, "Markers"). */
const VIP_MARKERS = new Set(['.vip', 'vip', 'vip.txt']);
const COIN_MARKERS = new Set(['.coins', 'coins', 'coins.txt']);
const FINISHED_MARKERS = new Set([
  '.complete',
  '.completed',
  '.finished',
  '完结',
  '完結',
  'complete',
  'finished',
]);
const POSTER_STEMS = new Set(['poster', 'cover', 'folder', 'show', 'fanart', 'banner']);
/** OS litter and tool folders that are never content. */
const IGNORED_DIRS = new Set(['__macosx', '@eadir', '$recycle.bin', 'lost+found', '.trash']);

/**
 * Whether a file or folder name is never read by the walker, so a change to it needs no import
 * (the library watcher's filter): OS litter folders, hidden folders, and hidden files other than
 * the markers (`.vip`, `.coins`, `.complete`...), such as rsync's temporary `.name.XXXXXX` copies.
 */
export function ignoredByWalker(name: string): boolean {
  const lower = name.toLowerCase();
  if (IGNORED_DIRS.has(lower)) return true;
  if (!name.startsWith('.')) return false;
  return !(VIP_MARKERS.has(lower) || COIN_MARKERS.has(lower) || FINISHED_MARKERS.has(lower));
}

function ext(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function stem(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

function parentOf(rel: string): string {
  return rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
}

/** The folder of `folderRel`'s series (see LibraryUnit.seriesFolder), null at the kind root. */
export function seriesFolderOf(folderRel: string, kindRoot: string): string | null {
  let folder = folderRel;
  while (folder !== kindRoot && folder.length > kindRoot.length) {
    const name = folder.slice(folder.lastIndexOf('/') + 1);
    if (!isVolumeFolder(name)) return folder;
    folder = parentOf(folder);
  }
  return null;
}

interface Context {
  rel: string;
  layoutKind: ImportKind | null;
  /** rel of the kind root (the layout folder, or the library root). */
  kindRoot: string;
}

export interface WalkResult {
  units: LibraryUnit[];
  /** Folders that could not be read, reported as failures. */
  unreadable: { path: string; reason: string }[];
}

/**
 * Lists the importable units of `root` in a stable order (by relative path). `kind` is the
 * folder's own kind (chosen in the console for a library without `comics/`, `novels/`, `anime/`
 * folders): it stands where the layout says nothing; layout folders still say what they hold.
 */
export async function walkLibrary(root: string, kind: ImportKind | null = null): Promise<WalkResult> {
  const units: LibraryUnit[] = [];
  const unreadable: { path: string; reason: string }[] = [];
  await walkDir(root, { rel: '', layoutKind: kind, kindRoot: '' }, units, unreadable);
  units.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return { units, unreadable };
}

async function walkDir(
  root: string,
  ctx: Context,
  units: LibraryUnit[],
  unreadable: { path: string; reason: string }[],
): Promise<void> {
  const dirAbs = join(root, ctx.rel);
  let entries;
  try {
    entries = await readdir(dirAbs, { withFileTypes: true });
  } catch (error) {
    unreadable.push({ path: ctx.rel || '.', reason: `unreadable folder: ${(error as Error).message}` });
    return;
  }
  const files = entries.filter((e) => e.isFile()).map((e) => e.name);
  const dirs = entries.filter((e) => e.isDirectory()).map((e) => e.name);
  const relOf = (name: string) => (ctx.rel ? `${ctx.rel}/${name}` : name);
  const depthBelowKindRoot =
    ctx.rel === ctx.kindRoot ? 0 : ctx.rel.slice(ctx.kindRoot.length).split('/').filter(Boolean).length;
  const seriesFolder = seriesFolderOf(ctx.rel, ctx.kindRoot);
  const groupFolder = seriesFolder ?? ctx.kindRoot;
  const statOf = async (name: string) => {
    try {
      const info = await stat(join(dirAbs, name));
      return { size: info.size, mtimeMs: Math.floor(info.mtimeMs) };
    } catch {
      return { size: 0, mtimeMs: 0 };
    }
  };

  const visible = files.filter((f) => !f.startsWith('.'));
  const images = visible.filter((f) => isPageImage(f));
  const videos = visible.filter((f) => VIDEO_EXT.has(ext(f)));
  const archives = visible.filter((f) => ARCHIVE_EXT.has(ext(f)) || COMPRESSED_TAR.test(f));
  const books = visible.filter((f) => ext(f) === 'epub');
  const texts = visible.filter(
    (f) => ext(f) === 'txt' && !/^(readme|notes?|info|vip|coins|license)$/i.test(stem(f)),
  );
  const posterCandidates = images.filter((f) => POSTER_STEMS.has(stem(f).toLowerCase()));
  // One image named cover/poster is the series' poster; anything more is a folder of pages.
  const onlyPosters = images.length === posterCandidates.length;
  const isImageFolder =
    depthBelowKindRoot > 0 &&
    videos.length === 0 &&
    archives.length === 0 &&
    books.length === 0 &&
    images.length > 0 &&
    !(onlyPosters && (images.length === 1 || dirs.length > 0));
  const base = { layoutKind: ctx.layoutKind, seriesFolder, groupFolder, kindRoot: ctx.kindRoot };

  const one = async (name: string, type: UnitType, extra: Partial<LibraryUnit> = {}) => {
    const info = await statOf(name);
    units.push({ ...base, rel: relOf(name), abs: join(dirAbs, name), type, ...info, ...extra });
  };

  if (isImageFolder) {
    let size = 0;
    let mtimeMs = 0;
    for (const name of [...images, ...visible.filter((f) => f.toLowerCase() === 'comicinfo.xml')]) {
      const info = await statOf(name);
      size += info.size;
      mtimeMs = Math.max(mtimeMs, info.mtimeMs);
    }
    // A folder of pages directly in the kind root's series folder is that series' one chapter;
    // deeper, it is a chapter of the series above it.
    const chapterOf = depthBelowKindRoot > 1 ? seriesFolderOf(parentOf(ctx.rel), ctx.kindRoot) : null;
    const folders = chapterOf ? { seriesFolder: chapterOf, groupFolder: chapterOf } : {};
    units.push({ ...base, ...folders, rel: ctx.rel, abs: dirAbs, type: 'image-folder', size, mtimeMs });
  }

  for (const name of archives) await one(name, 'archive');
  const booksInFolder = books.length + texts.length;
  for (const name of books) await one(name, 'epub', { booksInFolder });
  for (const name of texts) await one(name, 'txt', { booksInFolder });
  if (videos.length > 0) {
    const folder = matchSidecars(visible);
    for (const episode of folder.episodes) {
      const sidecars = [
        ...episode.subtitles.map((s) => s.path),
        ...(episode.thumbnail ? [episode.thumbnail] : []),
      ];
      let { size, mtimeMs } = await statOf(episode.path);
      for (const sidecar of sidecars) {
        const info = await statOf(sidecar);
        size += info.size;
        mtimeMs = Math.max(mtimeMs, info.mtimeMs);
      }
      units.push({
        ...base,
        rel: relOf(episode.path),
        abs: join(dirAbs, episode.path),
        type: 'video',
        size,
        mtimeMs,
        subtitles: episode.subtitles.map((s) => ({ ...s, path: relOf(s.path) })),
        thumbnail: episode.thumbnail ? relOf(episode.thumbnail) : null,
      });
    }
  }
  // Everything else (sidecars, metadata, notes) is left alone quietly.
  for (const name of visible) if (UNSUPPORTED_EXT.has(ext(name))) await one(name, 'unsupported');

  // A series folder itself: markers and a poster say something about the whole work.
  if (depthBelowKindRoot >= 1 && seriesFolder === ctx.rel && !isImageFolder) {
    const vipFiles = files.filter((f) => VIP_MARKERS.has(f.toLowerCase()));
    const coinFiles = files.filter((f) => COIN_MARKERS.has(f.toLowerCase()));
    const finishedFiles = files.filter((f) => FINISHED_MARKERS.has(f.toLowerCase()));
    const pay: PayMode = vipFiles.length > 0 ? 'vip' : coinFiles.length > 0 ? 'coins' : 'free';
    const finished = finishedFiles.length > 0;
    const poster = posterCandidates.sort()[0] ?? null;
    const nfo = files.find((f) => /^(tvshow|series)\.nfo$/i.test(f)) ?? null;
    if (pay !== 'free' || finished || poster || nfo) {
      let size = 0;
      let mtimeMs = 0;
      const markerFiles = [...vipFiles, ...coinFiles, ...finishedFiles];
      for (const name of [...markerFiles, ...(poster ? [poster] : []), ...(nfo ? [nfo] : [])]) {
        const info = await statOf(name);
        // A coin marker weighs one more, so renaming `.vip` to `.coins` (same size, same mtime)
        // still reads as a change of the folder.
        size += info.size + (coinFiles.includes(name) ? 2 : 1);
        mtimeMs = Math.max(mtimeMs, info.mtimeMs);
      }
      units.push({
        ...base,
        rel: `${ctx.rel}/`,
        abs: dirAbs,
        type: 'work-folder',
        size,
        mtimeMs,
        markers: { pay, finished, payFiles: [...vipFiles, ...coinFiles].map(relOf) },
        poster: poster ? relOf(poster) : null,
        nfo: nfo ? relOf(nfo) : null,
      });
    }
  }

  for (const name of dirs.sort()) {
    if (name.startsWith('.') || IGNORED_DIRS.has(name.toLowerCase())) continue;
    const layoutKind = layoutFolderKind(name);
    const childRel = relOf(name);
    const child: Context =
      layoutKind && depthBelowKindRoot === 0
        ? { rel: childRel, layoutKind, kindRoot: childRel }
        : { rel: childRel, layoutKind: ctx.layoutKind, kindRoot: ctx.kindRoot };
    await walkDir(root, child, units, unreadable);
  }
}
