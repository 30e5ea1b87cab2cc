export { LibraryError, type RefusalCode } from './errors.js';
export { isVolumeFolder, parseName, type ParsedName } from './names/name-parser.js';
export type {
  ArchiveEntry,
  ArchiveFormat,
  ArchiveListing,
  ArchiveReader,
  SkippedEntry,
} from './archives/archive-reader.js';
export { DEFAULT_LIMITS, type ArchiveLimits } from './archives/limits.js';
export { checkEntryPath } from './archives/entry-path.js';
export { buildZip, crc32, type ZipInput } from './archives/zip-writer.js';
export { openArchive, sniffArchive } from './archives/open-archive.js';
export { parseComicInfo, type ComicInfo, type ComicInfoPage, type MangaFlag } from './comics/comicinfo.js';
export {
  readComic,
  readComicFrom,
  readArchiveComicInfo,
  chooseComicInfo,
  type ComicBook,
  type ComicPage,
} from './comics/comic-reader.js';
export { isPageImage, naturalCompare, PAGE_EXTENSIONS } from './comics/image-types.js';
export { probeImage, DEFAULT_MAX_PIXELS, type ImageInfo } from './comics/image-probe.js';
export {
  pictureBookPages,
  readEpub,
  readEpubFrom,
  type EpubBook,
  type EpubChapter,
} from './novels/epub-reader.js';
export { isGutenbergBoilerplate, unquoteTitle, type Matter } from './novels/front-matter.js';
export type { EpubCreator, EpubMetadata } from './novels/opf.js';
export { readTxt, splitChapters, type TxtBook, type TxtChapter } from './novels/txt-reader.js';
export { decodeText, type DecodedText } from './novels/text-encoding.js';
export { probeVideo, type VideoInfo } from './anime/video-probe.js';
export {
  matchSidecars,
  scanAnimeFolder,
  type AnimeFolder,
  type Episode,
  type SubtitleSidecar,
} from './anime/sidecars.js';
export {
  detectKind,
  detectKindByContent,
  kindFromLayout,
  layoutFolderKind,
  LAYOUT_FOLDER_KINDS,
  type LibraryKind,
} from './scan/kind-detector.js';
export { PdfDocument, isPdfHead, type PdfMetadata, type PdfPageImage } from './pdf/pdf-document.js';
export { DEFAULT_PDF_LIMITS, type PdfLimits } from './pdf/pdf-limits.js';
export { textChapters, textProblem, type PdfPageText } from './pdf/pdf-text.js';
