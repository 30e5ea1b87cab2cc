/**
 * Decoded images as object URLs, shared by every view of the same source and bounded in number:
 * a 300-page chapter must not keep 300 decoded blobs alive. Entries in use (refs > 0) are never
 * revoked; unused ones are revoked least-recently-used first once over capacity.
 */
export interface BlobUrlApi {
  create(blob: Blob): string;
  revoke(url: string): void;
}

interface Entry {
  url: string | null;
  pending: Promise<string> | null;
  refs: number;
}

export class BlobUrlCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly capacity: number,
    private readonly api: BlobUrlApi = {
      create: (blob) => URL.createObjectURL(blob),
      revoke: (url) => URL.revokeObjectURL(url),
    },
  ) {}

  /** The object URL when already decoded (and marks it recently used). */
  peek(key: string): string | null {
    const entry = this.entries.get(key);
    if (!entry?.url) return null;
    this.touch(key, entry);
    return entry.url;
  }

  /**
   * Decodes once per key however many callers ask at the same time. `produce` gives a Blob (made
   * into an object URL here) or an object URL already made elsewhere (the decoding worker), which
   * the cache then owns and revokes through its api like its own.
   */
  load(key: string, produce: () => Promise<Blob | string>): Promise<string> {
    const existing = this.entries.get(key);
    if (existing?.url) {
      this.touch(key, existing);
      return Promise.resolve(existing.url);
    }
    if (existing?.pending) return existing.pending;
    const entry: Entry = existing ?? { url: null, pending: null, refs: 0 };
    entry.pending = produce().then(
      (made) => {
        entry.pending = null;
        entry.url = typeof made === 'string' ? made : this.api.create(made);
        this.entries.set(key, entry);
        this.evict();
        return entry.url;
      },
      (error: unknown) => {
        entry.pending = null;
        if (entry.refs === 0) this.entries.delete(key);
        throw error;
      },
    );
    this.entries.set(key, entry);
    return entry.pending;
  }

  retain(key: string): void {
    const entry = this.entries.get(key) ?? { url: null, pending: null, refs: 0 };
    entry.refs += 1;
    this.entries.set(key, entry);
  }

  release(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.refs = Math.max(0, entry.refs - 1);
    if (entry.refs === 0 && !entry.url && !entry.pending) this.entries.delete(key);
    this.evict();
  }

  /** Revokes every decoded image no view is showing (settings → clear cache); returns how many. */
  clearUnused(): number {
    let cleared = 0;
    for (const [key, entry] of this.entries) {
      if (!entry.url || entry.refs > 0) continue;
      this.api.revoke(entry.url);
      this.entries.delete(key);
      cleared += 1;
    }
    return cleared;
  }

  /**
   * Forgets entries whose object URL no longer works (the decoding worker that made it stopped):
   * the next view of them decodes again instead of showing a dead URL. Nothing to revoke.
   */
  forgetUrls(deadUrls: ReadonlySet<string>): void {
    for (const [key, entry] of this.entries) {
      if (entry.url !== null && deadUrls.has(entry.url)) this.entries.delete(key);
    }
  }

  /** Decoded entries currently held (for tests and diagnostics). */
  get size(): number {
    let n = 0;
    for (const entry of this.entries.values()) if (entry.url) n += 1;
    return n;
  }

  private touch(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private evict(): void {
    let over = this.size - this.capacity;
    if (over <= 0) return;
    for (const [key, entry] of this.entries) {
      if (over <= 0) break;
      if (!entry.url || entry.refs > 0) continue;
      this.api.revoke(entry.url);
      this.entries.delete(key);
      over -= 1;
    }
  }
}
