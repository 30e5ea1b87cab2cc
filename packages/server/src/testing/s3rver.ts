/**
 * A real S3 endpoint for tests and benches: s3rver on a free loopback port, its data in a temp
 * folder, one bucket created with CreateBucket, CORS open (as an operator sets it for signed URLs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3StoreConfig } from '../media/media-store-config.js';

export interface S3rverHandle {
  endpoint: string;
  /** Store settings for this endpoint and bucket (path-style, s3rver's fixed credentials). */
  store(options?: { prefix?: string }): S3StoreConfig;
  /** The same as environment variables, for a server started as a child process. */
  env(options?: { prefix?: string }): Record<string, string>;
  close(): Promise<void>;
}

export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3rver(bucket = 'media'): Promise<S3rverHandle> {
  const directory = mkdtempSync(join(tmpdir(), 'dm51-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    await client.send(
      new PutBucketCorsCommand({
        Bucket: bucket,
        CORSConfiguration: {
          CORSRules: [{ AllowedOrigins: ['*'], AllowedMethods: ['GET', 'HEAD'], AllowedHeaders: ['*'] }],
        },
      }),
    );
  } finally {
    client.destroy();
  }
  const store = (options: { prefix?: string } = {}): S3StoreConfig => ({
    endpoint,
    region: 'us-east-1',
    bucket,
    prefix: options.prefix ?? '',
    credentials: S3RVER_CREDENTIALS,
    forcePathStyle: true,
  });
  return {
    endpoint,
    store,
    env: (options = {}) => ({
      MEDIA_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      ...(options.prefix ? { S3_PREFIX: options.prefix } : {}),
    }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
