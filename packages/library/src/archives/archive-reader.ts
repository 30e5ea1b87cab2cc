/** One file or folder inside an archive, with sizes as declared by the archive's own index. */
export interface ArchiveEntry {
  /** Normalised relative path: forward slashes, no leading slash, no `.` or `..` segments. */
  name: string;
  size: number;
  compressedSize: number;
  isDirectory: boolean;
  encrypted: boolean;
}

/** An entry left out of the listing, and why (unsafe path, too big, duplicate...). */
export interface SkippedEntry {
  entry: string;
  reason: string;
}

export interface ArchiveListing {
  entries: ArchiveEntry[];
  skipped: SkippedEntry[];
  /** Archive-level comment (ZIP/RAR), where ComicBookInfo JSON sometimes lives. */
  comment: string | null;
}

export type ArchiveFormat = 'zip' | '7z' | 'rar' | 'tar' | 'folder';

/**
 * The one interface every container implements. Listing reads only the archive's index (never the
 * page data), so scanning a library stays cheap; reading decompresses a single entry into memory,
 * bounded by `maxBytes`.
 */
export interface ArchiveReader {
  readonly format: ArchiveFormat;
  readonly path: string;
  list(): Promise<ArchiveListing>;
  /** Reads one listed entry fully. Throws LibraryError('limit') past maxBytes. */
  read(name: string, maxBytes?: number): Promise<Buffer>;
  close(): Promise<void>;
}
