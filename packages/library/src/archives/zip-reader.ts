import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { LibraryError, asLibraryError, errorMessage } from '../errors.js';
import type { ArchiveListing, ArchiveReader } from './archive-reader.js';
import { DEFAULT_LIMITS, applyLimits, type ArchiveLimits, type RawEntry } from './limits.js';
import { collectLimited, overReadLimit } from './read-limit.js';
import { extractWith7z } from './sevenzip-binary.js';
import { decodeZipName } from './zip-name.js';

const STORED = 0;
const DEFLATE = 8;

/**
 * ZIP/CBZ/EPUB through yauzl: it reads the central directory only (no page data) and inflates one
 * entry as a stream. Methods yauzl cannot decode (bzip2 12, LZMA 14, deflate64 9, zstd 93, xz 95)
 * are handed to the bundled 7-Zip binary, which extracts that single entry to a pipe.
 */
export class ZipReader implements ArchiveReader {
  readonly format = 'zip' as const;
  private zip: yauzl.ZipFile | null = null;
  private listing: ArchiveListing | null = null;
  private readonly byName = new Map<string, yauzl.Entry>();

  constructor(
    readonly path: string,
    private readonly limits: ArchiveLimits = DEFAULT_LIMITS,
  ) {}

  async list(): Promise<ArchiveListing> {
    if (this.listing) return this.listing;
    const zip = await this.open();
    if (zip.entryCount > this.limits.maxEntries) {
      throw new LibraryError('limit', `too many entries: ${zip.entryCount} > ${this.limits.maxEntries}`);
    }
    const raw: RawEntry[] = [];
    const yauzlEntries: yauzl.Entry[] = [];
    try {
      for await (const entry of zip.eachEntry()) {
        const rawName = decodeZipName(entry);
        yauzlEntries.push(entry);
        raw.push({
          rawName,
          size: entry.uncompressedSize,
          compressedSize: entry.compressedSize,
          isDirectory: rawName.endsWith('/') || rawName.endsWith('\\'),
          encrypted: entry.isEncrypted(),
        });
      }
    } catch (e) {
      throw asLibraryError(e, 'corrupt', 'corrupt archive');
    }
    // With decodeStrings off the comment is raw bytes; ComicBookInfo writers use UTF-8.
    const comment = Buffer.from(zip.comment as unknown as Uint8Array).toString('utf8');
    // Map the normalised names back to yauzl entries for read().
    this.listing = applyLimits(raw, this.limits, comment || null, (kept, i) => {
      const entry = yauzlEntries[i];
      if (entry) this.byName.set(kept.name, entry);
    });
    return this.listing;
  }

  async read(name: string, maxBytes = this.limits.maxEntryBytes): Promise<Buffer> {
    await this.list();
    const entry = this.byName.get(name);
    if (!entry) throw new LibraryError('not-found', `no entry named ${name}`);
    if (entry.isEncrypted()) throw new LibraryError('encrypted', 'encrypted archive');
    if (entry.uncompressedSize > maxBytes) throw overReadLimit(name, maxBytes);
    if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATE) {
      return extractWith7z(this.path, decodeZipName(entry), Math.min(maxBytes, entry.uncompressedSize));
    }
    const zip = await this.open();
    let stream: Readable;
    try {
      stream = await zip.openReadStreamPromise(entry);
    } catch (e) {
      throw asLibraryError(e, 'corrupt', 'corrupt archive');
    }
    try {
      return await collectLimited(stream, maxBytes, name);
    } catch (e) {
      throw asLibraryError(e, 'corrupt', `corrupt archive: ${name}`);
    }
  }

  async close(): Promise<void> {
    this.zip?.close();
    this.zip = null;
  }

  private async open(): Promise<yauzl.ZipFile> {
    if (this.zip) return this.zip;
    try {
      // decodeStrings false: yauzl would otherwise fail the whole archive on one `../` name,
      // where we want to skip that entry and keep the rest. validateEntrySizes stays on so a
      // header that under-declares its size cannot smuggle a bomb past the limits.
      this.zip = await yauzl.openPromise(this.path, {
        lazyEntries: true,
        autoClose: false,
        decodeStrings: false,
        validateEntrySizes: true,
        strictFileNames: false,
      });
      return this.zip;
    } catch (e) {
      throw new LibraryError('corrupt', `corrupt archive: ${errorMessage(e)}`, { cause: e });
    }
  }
}
