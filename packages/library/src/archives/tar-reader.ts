import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, unlink, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { LibraryError, asLibraryError } from '../errors.js';
import type { ArchiveListing, ArchiveReader, SkippedEntry } from './archive-reader.js';
import { checkEntryPath } from './entry-path.js';
import { DEFAULT_LIMITS, applyLimits, type ArchiveLimits, type RawEntry } from './limits.js';
import { decodeUndeclaredName } from './name-encoding.js';
import { entryToRead } from './read-limit.js';
import { decompress, type TarCompression } from './tar-compression.js';
import { TarPass, type TarEntry } from './tar-pass.js';

/** Entry types that are skipped with a reason rather than listed (tar-stream's names). */
const SKIPPED_TYPES: Readonly<Record<string, string>> = {
  link: 'hard link',
  symlink: 'symbolic link',
  'character-device': 'character device',
  'block-device': 'block device',
  fifo: 'FIFO',
};

/**
 * TAR/CBT, plain or compressed with gzip, bzip2, xz or zstd, parsed by tar-stream (ustar, pax and
 * GNU long names, v7). Listing is one pass over the whole archive: a tar has no index. Reading an
 * entry is one positional read at the data offset tar-stream reported, in the file itself or, for a
 * compressed tar, in the decompressed copy the listing pass wrote to a temporary file (unlinked as
 * soon as it is open, so nothing is left behind): pages are read in page order, not archive order,
 * and decompressing again up to each page would cost a pass per page.
 *
 * Limits are those of every archive. A header is refused before its data is read when the entry
 * would pass the per-archive total, or (in a plain tar) when its declared data runs past the end of
 * the file; decompression stops at the ratio limit (tar-compression.ts), so the temporary copy is
 * never larger than the limits allow. Links, devices, FIFOs, sparse files and tar entry types
 * tar-stream does not know (GNU volume labels, old GNU sparse files...) are skipped with a reason;
 * names go through the same path, size and duplicate checks as every archive.
 */
export class TarReader implements ArchiveReader {
  readonly format = 'tar' as const;
  private listing: ArchiveListing | null = null;
  private readonly offsets = new Map<string, number>();
  /** The plain tar, or the decompressed copy of a compressed one. */
  private data: FileHandle | null = null;

  constructor(
    readonly path: string,
    private readonly limits: ArchiveLimits = DEFAULT_LIMITS,
    /** How the tar is compressed (by its magic bytes, open-archive.ts), null for a plain tar. */
    readonly compression: TarCompression | null = null,
  ) {}

  async list(): Promise<ArchiveListing> {
    if (this.listing) return this.listing;
    const raw: RawEntry[] = [];
    const offsets: number[] = [];
    const skipped: SkippedEntry[] = [];
    let declaredTotal = 0;
    let fileSize = Number.POSITIVE_INFINITY;
    let source: Readable;
    if (this.compression) {
      source = await this.decompressedCopy(this.compression);
    } else {
      fileSize = (await (await this.openPlain()).stat()).size;
      source = createReadStream(this.path);
    }
    const pass = new TarPass(source);
    try {
      for (let entry = await pass.next(); entry; entry = await pass.next()) {
        if (pass.count > this.limits.maxEntries) {
          throw new LibraryError('limit', `too many entries: over ${this.limits.maxEntries}`);
        }
        const { header } = entry;
        const name = entryName(entry);
        const size = header.size;
        const dataOffset = (header as { byteOffset?: number }).byteOffset ?? 0;
        if (size > this.limits.maxEntryBytes && declaredTotal + size > this.limits.maxTotalBytes) {
          throw tooLarge(name, size, this.limits);
        }
        if (declaredTotal + size > this.limits.maxTotalBytes)
          throw overTotal(declaredTotal + size, this.limits);
        if (dataOffset + size > fileSize) {
          // Refused from the header: nothing past it is read.
          if (size > this.limits.maxEntryBytes) throw tooLarge(name, size, this.limits);
          throw new LibraryError(
            'corrupt',
            `corrupt archive: truncated tar (${name} declares ${size} bytes past the end of the file)`,
          );
        }
        declaredTotal += size;
        const add = (rawName: string, isDirectory: boolean) => {
          // Tar stores data as is: the compressed size is the size (the stream's ratio is checked
          // as it is decompressed).
          raw.push({ rawName, size, compressedSize: size, isDirectory, encrypted: false });
          offsets.push(dataOffset);
        };
        const reason = isSparse(entry) ? 'sparse file' : typeProblem(header.type);
        if (reason) {
          skipped.push({ entry: shownName(name), reason });
        } else if (header.type === 'directory') {
          // `./` (from `tar -C dir .`) is the archive's own root, not worth a skipped line.
          if (!/^(\.?\/)*\.?$/.test(name)) add(`${name.replace(/\/+$/, '')}/`, true);
        } else {
          add(name, name.endsWith('/'));
        }
      }
    } catch (e) {
      // Nothing can be read from an archive that does not list.
      await this.close();
      throw e;
    } finally {
      pass.close();
    }
    const listing = applyLimits(raw, this.limits, null, (entry, i) => {
      this.offsets.set(entry.name, offsets[i] ?? 0);
    });
    this.listing = { ...listing, skipped: [...skipped, ...listing.skipped] };
    return this.listing;
  }

  async read(name: string, maxBytes = this.limits.maxEntryBytes): Promise<Buffer> {
    const entry = entryToRead(await this.list(), name, maxBytes);
    const offset = this.offsets.get(name);
    if (offset === undefined) throw new LibraryError('not-found', `no entry named ${name}`);
    if (!this.data && this.compression) {
      // Closed since it was listed: the decompressed copy went with it, so it is made again.
      this.listing = null;
      this.offsets.clear();
      return this.read(name, maxBytes);
    }
    return this.readAt(this.data ?? (await this.openPlain()), offset, entry.size, name);
  }

  async close(): Promise<void> {
    const data = this.data;
    this.data = null;
    await data?.close();
  }

  private async openPlain(): Promise<FileHandle> {
    try {
      this.data ??= await open(this.path, 'r');
      return this.data;
    } catch (e) {
      throw asLibraryError(e, 'not-found', `cannot open ${this.path}`);
    }
  }

  /**
   * The decompressed tar as a stream, each chunk also written to a temporary file that is unlinked
   * once open (it lives as long as this reader's handle) and read from afterwards.
   */
  private async decompressedCopy(compression: TarCompression): Promise<Readable> {
    const path = join(tmpdir(), `dm51-tar-${randomUUID()}.tar`);
    const copy = await open(path, 'wx+', 0o600);
    await unlink(path);
    this.data = copy;
    const chunks = decompress(compression, createReadStream(this.path), this.limits);
    async function* copied(): AsyncGenerator<Uint8Array> {
      let at = 0;
      for await (const chunk of chunks) {
        await copy.write(chunk, 0, chunk.length, at);
        at += chunk.length;
        yield chunk;
      }
    }
    return Readable.from(copied());
  }

  /** Exactly `length` bytes at `position`. */
  private async readAt(file: FileHandle, position: number, length: number, name: string): Promise<Buffer> {
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
    if (filled < length)
      throw new LibraryError('corrupt', `corrupt archive: truncated tar (${name} is cut short)`);
    return buffer;
  }
}

/**
 * The entry's name: a pax path is UTF-8 (tar-stream decodes it); a header or GNU long name is
 * bytes in no declared encoding (read as latin1 by TarPass), decoded like a ZIP's undeclared names,
 * else kept as Latin-1.
 */
function entryName(entry: TarEntry): string {
  const pax = entry.header.pax as Record<string, string> | null | undefined;
  const paxName = pax?.['GNU.sparse.name'] ?? pax?.['path'];
  if (paxName !== undefined) return paxName;
  const bytes = Buffer.from(entry.header.name, 'latin1');
  return decodeUndeclaredName(bytes) ?? entry.header.name;
}

/** GNU sparse files in pax form (`tar -S --format=pax`) carry GNU.sparse.* records. */
function isSparse(entry: TarEntry): boolean {
  const pax = entry.header.pax as Record<string, string> | null | undefined;
  return Object.keys(pax ?? {}).some((key) => key.startsWith('GNU.sparse.'));
}

function typeProblem(type: string | null): string | null {
  if (type === 'file' || type === 'contiguous-file' || type === 'directory') return null;
  return (type && SKIPPED_TYPES[type]) ?? 'unsupported tar entry type';
}

/** Skipped entries are reported by their normalised name (`./a.png` as `a.png`) when they have one. */
function shownName(name: string): string {
  const checked = checkEntryPath(name);
  return checked.ok ? checked.name : name;
}

function tooLarge(name: string, size: number, limits: ArchiveLimits): LibraryError {
  return new LibraryError(
    'limit',
    `entry too large: ${name} declares ${size} bytes, over ${limits.maxEntryBytes}`,
  );
}

function overTotal(total: number, limits: ArchiveLimits): LibraryError {
  return new LibraryError(
    'limit',
    `archive unpacks to ${total} bytes, over the ${limits.maxTotalBytes} byte limit`,
  );
}
