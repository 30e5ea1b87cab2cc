/**
 * Where imported media (page renditions, covers, video segments later) is kept. The importer and
 * the API only talk to this interface, so an S3-compatible store can replace the local one without
 * touching them. Keys are content-hashed relative paths (see media-key.ts), so an object never
 * changes once written and can be cached forever.
 */
import type { Readable } from 'node:stream';

export interface MediaObjectInfo {
  size: number;
}

export interface MediaStore {
  /** Writes atomically (a reader never sees half an object); writing an existing key is a no-op. */
  put(key: string, data: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  stat(key: string): Promise<MediaObjectInfo | null>;
  /** A byte stream of the object, or of `[start, end]` (inclusive) when given. */
  createReadStream(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  /** Every stored key (or every key starting with `prefix`), for orphan collection. */
  keys(prefix?: string): AsyncIterable<string>;
  /**
   * A short-lived URL that serves the object straight from the store (MEDIA_DELIVERY=signed);
   * only stores that can sign (S3) have it.
   */
  signedUrl?(key: string, ttlS: number): Promise<string>;
  /** Releases connections (the S3 client's sockets); the local store has none. */
  close?(): void;
}
