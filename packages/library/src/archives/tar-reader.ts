import { open, type FileHandle } from 'node:fs/promises';
import { LibraryError, asLibraryError } from '../errors.js';
import type { ArchiveListing, ArchiveReader, SkippedEntry } from './archive-reader.js';
import { DEFAULT_LIMITS, applyLimits, type ArchiveLimits, type RawEntry } from './limits.js';
import { checkEntryPath } from './entry-path.js';
import { entryToRead } from './read-limit.js';
import { TAR_BLOCK, cString, decodeName, isZeroBlock, parsePax, parseTarHeader } from './tar-header.js';

/** pax and GNU long-name data are the only entry data read while listing; a name is never this big. */
const MAX_META_BYTES = 1024 * 1024;
/** Extended headers in a row before an entry (pax + GNU long name + long link name is 3). */
const MAX_META_RUN = 8;
/** Old GNU sparse map blocks after one header (21 holes each). */
const MAX_SPARSE_BLOCKS = 4096;

/** Entry types that are skipped with a reason rather than listed. */
const SKIPPED_TYPES: Readonly<Record<string, string>> = {
  '1': 'hard link',
  '2': 'symbolic link',
  '3': 'character device',
  '4': 'block device',
  '6': 'FIFO',
  S: 'sparse file',
  M: 'multi-volume continuation',
  N: 'old GNU long-name entry',
};

interface PendingMeta {
  path?: string;
  size?: number;
  sparse?: boolean;
  longName?: string;
}

/**
 * TAR/CBT, read by our own code over the file on disk (tar-stream and friends only stream from
 * the start, and a tar has no index to jump through). Listing reads the 512-byte headers one at
 * a time and seeks over every entry's data, so it costs one small read per entry like a ZIP's
 * central directory; reading an entry is one positional read of exactly its declared size. Only
 * pax and GNU long-name headers' data is read while listing, bounded by MAX_META_BYTES.
 *
 * Sizes come from the headers (pax `size` wins): an entry whose declared data runs past the end of
 * the file is refused from its header before anything is read: as over the limits when it is
 * (a 10 GB claim), else as truncated. Links, devices, FIFOs and sparse files are skipped with a
 * reason; names go through the same path, size and duplicate checks as every archive.
 */
export class TarReader implements ArchiveReader {
  readonly format = 'tar' as const;
  private file: FileHandle | null = null;
  private listing: ArchiveListing | null = null;
  private readonly dataOffsets = new Map<string, number>();

  constructor(
    readonly path: string,
    private readonly limits: ArchiveLimits = DEFAULT_LIMITS,
  ) {}

  async list(): Promise<ArchiveListing> {
    if (this.listing) return this.listing;
    const file = await this.open();
    const fileSize = (await file.stat()).size;
    const raw: RawEntry[] = [];
    const offsets: number[] = [];
    const skipped: SkippedEntry[] = [];
    let declaredTotal = 0;
    let entryCount = 0;
    let meta: PendingMeta = {};
    let metaRun = 0;
    let offset = 0;
    for (;;) {
      const block = await this.readAt(offset, TAR_BLOCK);
      // A clean end at a block boundary without the two zero blocks is accepted (some writers
      // stop there); a partial block, or a last entry without its padding, is not.
      if (block.length === 0 && offset === fileSize) break;
      if (block.length === 0) throw truncated(`the last entry's padding is cut short`);
      if (block.length < TAR_BLOCK) throw truncated(`header at byte ${offset} is cut short`);
      if (isZeroBlock(block)) break;
      const header = parseTarHeader(block);
      if (!header) throw corrupt(`bad tar header checksum at byte ${offset}`);
      let dataOffset = offset + TAR_BLOCK;
      if (header.sparseExtended) dataOffset = await this.skipSparseMap(dataOffset);
      const isMeta = 'xgLK'.includes(header.type);
      const name = meta.path ?? meta.longName ?? header.name;
      const size = isMeta ? header.size : (meta.size ?? header.size);
      if (!Number.isFinite(size)) {
        if (!Number.isNaN(size)) throw tooLarge(name, size, declaredTotal, this.limits);
        throw corrupt(`bad tar size field at byte ${offset}`);
      }
      if (isMeta && size > MAX_META_BYTES) {
        throw new LibraryError('limit', `tar extended header of ${size} bytes, over ${MAX_META_BYTES}`);
      }
      if (dataOffset + size > fileSize) {
        // Refused from the header: nothing past it is read.
        if (size > this.limits.maxEntryBytes || declaredTotal + size > this.limits.maxTotalBytes) {
          throw tooLarge(name, size, declaredTotal, this.limits);
        }
        throw truncated(`${name} declares ${size} bytes past the end of the file`);
      }
      if (isMeta) {
        if (++metaRun > MAX_META_RUN) throw corrupt(`more than ${MAX_META_RUN} extended headers in a row`);
        if (header.type === 'x') meta = { ...meta, ...parsePax(await this.readAt(dataOffset, size)) };
        if (header.type === 'L') meta.longName = decodeName(cString(await this.readAt(dataOffset, size)));
        // 'K' (GNU long link name) names a link target we never follow; 'g' (pax global) records
        // carry no path or size that applies to one entry.
      } else {
        if (++entryCount > this.limits.maxEntries) {
          throw new LibraryError('limit', `too many entries: over ${this.limits.maxEntries}`);
        }
        declaredTotal += size;
        const add = (entry: RawEntry) => {
          raw.push(entry);
          offsets.push(dataOffset);
        };
        const reason = meta.sparse ? SKIPPED_TYPES['S'] : SKIPPED_TYPES[header.type];
        if (reason) {
          skipped.push({ entry: shownName(name), reason });
        } else if (header.type === '5' || header.type === 'D' || header.type === 'V') {
          // Folders (D: GNU dump folder) and volume labels hold no page; `./` (from `tar -C dir .`)
          // is the archive's own root, not worth a skipped line.
          const root = /^(\.?\/)*\.?$/.test(name);
          if (header.type !== 'V' && !root) add(rawEntry(`${name.replace(/\/+$/, '')}/`, 0, true));
        } else if (header.type === '0' || header.type === '7') {
          add(rawEntry(name, size, name.endsWith('/')));
        } else {
          skipped.push({ entry: shownName(name), reason: `unsupported tar entry type '${header.type}'` });
        }
        meta = {};
        metaRun = 0;
      }
      offset = dataOffset + Math.ceil(size / TAR_BLOCK) * TAR_BLOCK;
    }
    const listing = applyLimits(raw, this.limits, null, (entry, i) => {
      this.dataOffsets.set(entry.name, offsets[i] ?? 0);
    });
    this.listing = { ...listing, skipped: [...skipped, ...listing.skipped] };
    return this.listing;
  }

  async read(name: string, maxBytes = this.limits.maxEntryBytes): Promise<Buffer> {
    const entry = entryToRead(await this.list(), name, maxBytes);
    const data = await this.readAt(this.dataOffsets.get(name) ?? 0, entry.size);
    if (data.length < entry.size) throw truncated(`${name} is cut short`);
    return data;
  }

  async close(): Promise<void> {
    const file = this.file;
    this.file = null;
    await file?.close();
  }

  private async open(): Promise<FileHandle> {
    try {
      this.file ??= await open(this.path, 'r');
      return this.file;
    } catch (e) {
      throw asLibraryError(e, 'not-found', `cannot open ${this.path}`);
    }
  }

  /** Up to `length` bytes at `position`; fewer only at the end of the file. */
  private async readAt(position: number, length: number): Promise<Buffer> {
    const file = await this.open();
    const buffer = Buffer.alloc(length);
    let filled = 0;
    try {
      while (filled < length) {
        const { bytesRead } = await file.read(buffer, filled, length - filled, position + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
    } catch (e) {
      throw asLibraryError(e, 'corrupt', 'corrupt archive');
    }
    return buffer.subarray(0, filled);
  }

  /** Old GNU sparse headers chain extra sparse-map blocks (flag at byte 504) before the data. */
  private async skipSparseMap(offset: number): Promise<number> {
    for (let i = 0; i < MAX_SPARSE_BLOCKS; i++) {
      const block = await this.readAt(offset, TAR_BLOCK);
      if (block.length < TAR_BLOCK) throw truncated(`sparse map at byte ${offset} is cut short`);
      offset += TAR_BLOCK;
      if (block[504] === 0) return offset;
    }
    throw corrupt(`sparse map longer than ${MAX_SPARSE_BLOCKS} blocks`);
  }
}

/** Skipped entries are reported by their normalised name (`./a.png` as `a.png`) when they have one. */
function shownName(name: string): string {
  const checked = checkEntryPath(name);
  return checked.ok ? checked.name : name;
}

function rawEntry(rawName: string, size: number, isDirectory: boolean): RawEntry {
  // Tar stores data as is: the compressed size is the size, so the ratio limit never applies.
  return { rawName, size, compressedSize: size, isDirectory, encrypted: false };
}

function corrupt(reason: string): LibraryError {
  return new LibraryError('corrupt', `corrupt archive: ${reason}`);
}

function truncated(reason: string): LibraryError {
  return corrupt(`truncated tar (${reason})`);
}

/** An entry whose header declares more than the limits allow and more than the file holds. */
function tooLarge(name: string, size: number, totalBefore: number, limits: ArchiveLimits): LibraryError {
  const shown = Number.isFinite(size) ? `${size} bytes` : 'over 2^53 bytes';
  if (size > limits.maxEntryBytes) {
    return new LibraryError(
      'limit',
      `entry too large: ${name} declares ${shown}, over ${limits.maxEntryBytes}`,
    );
  }
  return new LibraryError(
    'limit',
    `archive unpacks to ${totalBefore + size} bytes, over the ${limits.maxTotalBytes} byte limit`,
  );
}
