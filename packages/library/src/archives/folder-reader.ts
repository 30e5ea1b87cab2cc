import { lstat, open, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { ArchiveListing, ArchiveReader, SkippedEntry } from './archive-reader.js';
import { DEFAULT_LIMITS, applyLimits, type ArchiveLimits, type RawEntry } from './limits.js';
import { entryToRead, overReadLimit } from './read-limit.js';

const MAX_DEPTH = 8;

/**
 * A plain folder of images read through the same interface as archives, so the comic reader has
 * one code path. Symbolic links are skipped: following them could read outside the library.
 */
export class FolderReader implements ArchiveReader {
  readonly format = 'folder' as const;
  private listing: ArchiveListing | null = null;

  constructor(
    readonly path: string,
    private readonly limits: ArchiveLimits = DEFAULT_LIMITS,
  ) {}

  async list(): Promise<ArchiveListing> {
    if (this.listing) return this.listing;
    const raw: RawEntry[] = [];
    const skipped: SkippedEntry[] = [];
    await this.walk(this.path, 0, raw, skipped);
    const listing = applyLimits(raw, this.limits, null);
    this.listing = { ...listing, skipped: [...skipped, ...listing.skipped] };
    return this.listing;
  }

  async read(name: string, maxBytes = this.limits.maxEntryBytes): Promise<Buffer> {
    // The declared size is checked again on the open file: the folder may have changed since.
    entryToRead(await this.list(), name, maxBytes);
    const handle = await open(join(this.path, ...name.split('/')), 'r');
    try {
      const size = (await handle.stat()).size;
      if (size > maxBytes) throw overReadLimit(name, maxBytes);
      const buffer = Buffer.alloc(size);
      const { bytesRead } = await handle.read(buffer, 0, size, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async close(): Promise<void> {}

  private async walk(dir: string, depth: number, raw: RawEntry[], skipped: SkippedEntry[]): Promise<void> {
    const names = await readdir(dir);
    for (const item of names) {
      if (raw.length > this.limits.maxEntries) return;
      const full = join(dir, item);
      const rel = relative(this.path, full).split(sep).join('/');
      const info = await lstat(full);
      if (info.isSymbolicLink()) {
        skipped.push({ entry: rel, reason: 'symbolic link' });
      } else if (info.isDirectory()) {
        raw.push({ rawName: `${rel}/`, size: 0, compressedSize: 0, isDirectory: true, encrypted: false });
        if (depth + 1 < MAX_DEPTH) await this.walk(full, depth + 1, raw, skipped);
        else skipped.push({ entry: rel, reason: `folder nested deeper than ${MAX_DEPTH} levels` });
      } else if (info.isFile()) {
        raw.push({
          rawName: rel,
          size: info.size,
          compressedSize: info.size,
          isDirectory: false,
          encrypted: false,
        });
      }
    }
  }
}
