import { LibraryError } from '../errors.js';
import type { ArchiveEntry, ArchiveListing, SkippedEntry } from './archive-reader.js';
import { checkEntryPath } from './entry-path.js';

/**
 * Zip-bomb and abuse limits. The defaults fit real comics (a 2,000-page omnibus of 20 MB scans is
 * still under them) while refusing the classic bombs, which declare either millions of entries or
 * terabytes of output from a few kilobytes.
 */
export interface ArchiveLimits {
  maxEntries: number;
  maxTotalBytes: number;
  maxEntryBytes: number;
  /** Uncompressed/compressed ratio above which an entry is refused... */
  maxRatio: number;
  /** ...but only once it is bigger than this: small runs of zeros compress well and are harmless. */
  ratioFloorBytes: number;
}

export const DEFAULT_LIMITS: ArchiveLimits = {
  maxEntries: 20_000,
  maxTotalBytes: 8 * 1024 ** 3,
  maxEntryBytes: 512 * 1024 ** 2,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
};

export interface RawEntry {
  rawName: string;
  size: number;
  compressedSize: number;
  isDirectory: boolean;
  encrypted: boolean;
}

/**
 * Turns an archive's raw index into a safe listing: whole-archive limits throw, per-entry problems
 * (unsafe path, oversized, suspicious ratio, duplicate name) become skipped entries with a reason.
 * Solid archives (7z/RAR) report a compressed size of 0 for all but the first entry of a block, so
 * the ratio test only applies when a compressed size is known.
 */
export function applyLimits(
  raw: readonly RawEntry[],
  limits: ArchiveLimits,
  comment: string | null,
  /** Told which raw entry each listed one came from, for readers that map names back to offsets. */
  onKept?: (entry: ArchiveEntry, rawIndex: number) => void,
): ArchiveListing {
  if (raw.length > limits.maxEntries) {
    throw new LibraryError('limit', `too many entries: ${raw.length} > ${limits.maxEntries}`);
  }
  const total = raw.reduce((sum, e) => sum + e.size, 0);
  if (total > limits.maxTotalBytes) {
    throw new LibraryError(
      'limit',
      `archive unpacks to ${total} bytes, over the ${limits.maxTotalBytes} byte limit`,
    );
  }
  const entries: ArchiveEntry[] = [];
  const skipped: SkippedEntry[] = [];
  const seen = new Set<string>();
  for (const [index, e] of raw.entries()) {
    const checked = checkEntryPath(e.rawName);
    if (!checked.ok) {
      skipped.push({ entry: e.rawName, reason: checked.reason });
      continue;
    }
    const name = checked.name;
    const problem = e.isDirectory ? null : sizeProblem(e, limits);
    if (problem) {
      skipped.push({ entry: name, reason: problem });
      continue;
    }
    // Case-insensitive: the same archive extracted on Windows or macOS would collide.
    const key = name.toLowerCase();
    if (seen.has(key)) {
      if (!e.isDirectory) skipped.push({ entry: name, reason: 'duplicate entry name' });
      continue;
    }
    seen.add(key);
    const entry: ArchiveEntry = {
      name,
      size: e.size,
      compressedSize: e.compressedSize,
      isDirectory: e.isDirectory,
      encrypted: e.encrypted,
    };
    entries.push(entry);
    onKept?.(entry, index);
  }
  return { entries, skipped, comment };
}

function sizeProblem(e: RawEntry, limits: ArchiveLimits): string | null {
  if (e.size > limits.maxEntryBytes) return `entry too large: ${e.size} > ${limits.maxEntryBytes} bytes`;
  if (e.size > limits.ratioFloorBytes && e.compressedSize > 0) {
    const ratio = e.size / e.compressedSize;
    if (ratio > limits.maxRatio) {
      return `compression ratio ${Math.round(ratio)}:1 over the ${limits.maxRatio}:1 limit (zip bomb?)`;
    }
  }
  return null;
}
