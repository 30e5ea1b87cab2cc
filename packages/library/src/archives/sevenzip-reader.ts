import type { ArchiveListing, ArchiveReader } from './archive-reader.js';
import { DEFAULT_LIMITS, applyLimits, type ArchiveLimits, type RawEntry } from './limits.js';
import { entryToRead } from './read-limit.js';
import { extractWith7z, listWith7z } from './sevenzip-binary.js';

/**
 * 7z/CB7 through the 7za binary bundled in `7zip-bin` (no 7z decoder in pure JS is maintained).
 * Listing parses `7za l -slt`, which reads headers only. Reading a member of a solid block still
 * decompresses the block up to it: that is inherent to solid 7z, so callers should read pages in
 * archive order.
 */
export class SevenZipReader implements ArchiveReader {
  readonly format = '7z' as const;
  private listing: ArchiveListing | null = null;

  constructor(
    readonly path: string,
    private readonly limits: ArchiveLimits = DEFAULT_LIMITS,
  ) {}

  async list(): Promise<ArchiveListing> {
    if (this.listing) return this.listing;
    const out = await listWith7z(this.path);
    this.listing = applyLimits(parseSltListing(out), this.limits, null);
    return this.listing;
  }

  async read(name: string, maxBytes = this.limits.maxEntryBytes): Promise<Buffer> {
    const entry = entryToRead(await this.list(), name, maxBytes);
    return extractWith7z(this.path, name, Math.min(maxBytes, entry.size));
  }

  async close(): Promise<void> {}
}

/** Parses the `Key = value` blocks that follow the `----------` separator of `7za l -slt`. */
export function parseSltListing(output: string): RawEntry[] {
  const start = output.indexOf('\n----------\n');
  if (start < 0) return [];
  const blocks = output.slice(start + 12).split(/\n\s*\n/);
  const entries: RawEntry[] = [];
  for (const block of blocks) {
    const fields = new Map<string, string>();
    for (const line of block.split('\n')) {
      const eq = line.indexOf(' = ');
      if (eq > 0) fields.set(line.slice(0, eq), line.slice(eq + 3));
      else if (line.endsWith(' =')) fields.set(line.slice(0, -2), '');
    }
    const path = fields.get('Path');
    if (path === undefined) continue;
    const attributes = fields.get('Attributes') ?? '';
    entries.push({
      rawName: path,
      size: Number(fields.get('Size') || 0),
      compressedSize: Number(fields.get('Packed Size') || 0),
      isDirectory: fields.get('Folder') === '+' || attributes.startsWith('D'),
      encrypted: fields.get('Encrypted') === '+',
    });
  }
  return entries;
}
