/**
 * Media on S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, Ceph; s3rver in tests)
 * through the AWS SDK v3 client. Keys are the same content-hashed relative keys as on disk (under
 * an optional prefix), stored with their content type, so a bucket is a drop-in copy of
 * DATA_DIR/media. Missing objects read as null; any other failure throws a MediaStoreError naming
 * the operation, bucket and key (never the credentials).
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertMediaKey } from './media-key.js';
import type { S3StoreConfig } from './media-store-config.js';
import type { MediaObjectInfo, MediaStore } from './media-store.js';
import { mediaContentType } from './media-types.js';

export class MediaStoreError extends Error {
  constructor(
    readonly operation: string,
    readonly location: string,
    cause: unknown,
  ) {
    const name = (cause as { name?: string }).name ?? 'Error';
    const status = (cause as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const reason = (cause as Error).message || name;
    super(`S3 ${operation} ${location} failed: ${name}${status ? ` (HTTP ${status})` : ''}: ${reason}`, {
      cause,
    });
    this.name = 'MediaStoreError';
  }
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return (
    e.name === 'NoSuchKey' ||
    e.name === 'NotFound' ||
    e.Code === 'NoSuchKey' ||
    e.$metadata?.httpStatusCode === 404
  );
}

export class S3MediaStore implements MediaStore {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly prefix: string;
  /** Keys per listing page: S3's own limit (1,000) unless a test asks for small pages. */
  private readonly listPageSize: number | undefined;

  constructor(config: S3StoreConfig, options: { listPageSize?: number } = {}) {
    this.bucket = config.bucket;
    this.prefix = config.prefix;
    this.listPageSize = options.listPageSize;
    this.client = new S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // Checksums only where the API requires them: MinIO, R2, Ceph and s3rver differ in which of
      // the newer flexible checksums they accept, and TLS plus the content hash in the key already
      // guard the bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string): string {
    assertMediaKey(key);
    return this.prefix + key;
  }

  private where(key: string): string {
    return `s3://${this.bucket}/${this.prefix}${key}`;
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    // Keys are content hashes: an object that exists already holds these bytes, so skip the upload.
    if (await this.stat(key)) return;
    try {
      // PutObject is atomic: a reader sees the old state or the whole object, never half of it.
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Body: data,
          ContentLength: data.byteLength,
          ContentType: mediaContentType(key),
        }),
      );
    } catch (error) {
      throw new MediaStoreError('PutObject', this.where(key), error);
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw new MediaStoreError('GetObject', this.where(key), error);
    }
  }

  /**
   * For /readyz: the bucket answers with these credentials (HeadBucket). A missing bucket or a
   * refused key fails here, where a stat of some key would have read as "no such object".
   */
  async ready(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      throw new MediaStoreError('HeadBucket', `s3://${this.bucket}`, error);
    }
  }

  async stat(key: string): Promise<MediaObjectInfo | null> {
    try {
      const out = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return { size: out.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw new MediaStoreError('HeadObject', this.where(key), error);
    }
  }

  async createReadStream(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      // In Node the body is the HTTP response itself (an IncomingMessage), streamed as it arrives.
      return out.Body instanceof Readable ? out.Body : Readable.from([]);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw new MediaStoreError('GetObject', this.where(key), error);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      // S3 answers 204 for a missing key too, so deleting twice is fine, as on disk.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
    } catch (error) {
      if (isNotFound(error)) return;
      throw new MediaStoreError('DeleteObject', this.where(key), error);
    }
  }

  async *keys(prefix = ''): AsyncIterable<string> {
    // Pages (1000 keys each) continue with StartAfter, the last key seen, which every S3
    // implementation supports. (s3rver encrypts its continuation tokens with DES, which OpenSSL 3
    // has only in its legacy provider: s3-listing.test.ts runs it as a process with that provider.)
    let after: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: this.prefix + prefix,
            ...(after ? { StartAfter: after } : {}),
            ...(this.listPageSize ? { MaxKeys: this.listPageSize } : {}),
          }),
        );
      } catch (error) {
        throw new MediaStoreError('ListObjectsV2', this.where(prefix), error);
      }
      const objects = page.Contents ?? [];
      for (const object of objects) {
        if (object.Key?.startsWith(this.prefix)) yield object.Key.slice(this.prefix.length);
      }
      after = page.IsTruncated ? objects.at(-1)?.Key : undefined;
    } while (after);
  }

  /** A presigned GetObject URL valid for `ttlS` seconds (signed locally: no request to the store). */
  async signedUrl(key: string, ttlS: number): Promise<string> {
    return getSignedUrl(
      this.client,
      new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      {
        expiresIn: ttlS,
      },
    );
  }

  close(): void {
    this.client.destroy();
  }
}
