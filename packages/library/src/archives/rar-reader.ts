import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createExtractorFromFile, UnrarError, type Extractor } from 'node-unrar-js';
import { LibraryError, errorMessage } from '../errors.js';
import type { ArchiveListing, ArchiveReader } from './archive-reader.js';
import { DEFAULT_LIMITS, applyLimits, type ArchiveLimits, type RawEntry } from './limits.js';
import { entryToRead, overReadLimit } from './read-limit.js';

/**
 * RAR4 and RAR5 (CBR) through node-unrar-js, the official unrar source compiled to WASM: no
 * native binary, and it reads RAR5, which p7zip 16.02 cannot. It works on the file on disk, so a
 * 300 MB CBR is never loaded whole; one entry is extracted into a private temp folder under a
 * fixed name (the archive's own name never touches our file system) and read back.
 */
export class RarReader implements ArchiveReader {
  readonly format = 'rar' as const;
  private listing: ArchiveListing | null = null;
  private readonly rawNames = new Map<string, string>();

  constructor(
    readonly path: string,
    private readonly limits: ArchiveLimits = DEFAULT_LIMITS,
  ) {}

  async list(): Promise<ArchiveListing> {
    if (this.listing) return this.listing;
    const raw: RawEntry[] = [];
    let comment: string | null = null;
    try {
      const extractor = await this.extractor(tmpdir());
      const list = extractor.getFileList();
      comment = list.arcHeader.comment || null;
      for (const h of list.fileHeaders) {
        if (raw.length > this.limits.maxEntries) break; // applyLimits reports the overflow
        raw.push({
          rawName: h.name,
          size: h.unpSize,
          compressedSize: h.packSize,
          isDirectory: h.flags.directory,
          encrypted: h.flags.encrypted,
        });
      }
    } catch (e) {
      throw rarError(e);
    }
    this.listing = applyLimits(raw, this.limits, comment);
    for (const r of raw) this.rawNames.set(r.rawName.replace(/\\/g, '/'), r.rawName);
    return this.listing;
  }

  async read(name: string, maxBytes = this.limits.maxEntryBytes): Promise<Buffer> {
    entryToRead(await this.list(), name, maxBytes);
    const rawName = this.rawNames.get(name) ?? name;
    const dir = await mkdtemp(join(tmpdir(), 'dm51-rar-'));
    try {
      const extractor = await this.extractor(dir, () => 'entry.bin');
      const result = extractor.extract({ files: [rawName] });
      let found = false;
      for (const file of result.files) found ||= !file.fileHeader.flags.directory;
      if (!found) throw new LibraryError('not-found', `no entry named ${name}`);
      const out = join(dir, 'entry.bin');
      if ((await stat(out)).size > maxBytes) throw overReadLimit(name, maxBytes);
      return await readFile(out);
    } catch (e) {
      throw rarError(e);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async close(): Promise<void> {}

  private extractor(targetPath: string, filenameTransform?: (name: string) => string): Promise<Extractor> {
    return createExtractorFromFile({
      filepath: this.path,
      targetPath,
      ...(filenameTransform ? { filenameTransform } : {}),
    });
  }
}

function rarError(e: unknown): LibraryError {
  if (e instanceof LibraryError) return e;
  if (e instanceof UnrarError) {
    if (e.reason === 'ERAR_MISSING_PASSWORD' || e.reason === 'ERAR_BAD_PASSWORD') {
      return new LibraryError('encrypted', 'encrypted archive', { cause: e });
    }
    if (e.reason === 'ERAR_UNKNOWN_FORMAT') {
      return new LibraryError('unsupported', `unsupported archive: ${e.message}`, { cause: e });
    }
  }
  return new LibraryError('corrupt', `corrupt archive: ${errorMessage(e)}`, { cause: e });
}
