/**
 * One behaviour suite, run against every MediaStore: local files and S3 (s3rver on loopback, with
 * and without a key prefix). What the importer, the transcoder and GET /media rely on must hold
 * for each of them.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver, type S3rverHandle } from '../testing/s3rver.js';
import { LocalMediaStore } from './local-media-store.js';
import { contentMediaKey } from './media-key.js';
import type { MediaStore } from './media-store.js';
import { MediaStoreError, S3MediaStore } from './s3-media-store.js';

let s3: S3rverHandle;
const localRoot = mkdtempSync(join(tmpdir(), 'dm51-media-contract-'));

beforeAll(async () => {
  s3 = await startS3rver();
});

afterAll(async () => {
  await s3?.close();
  rmSync(localRoot, { recursive: true, force: true });
});

async function listed(store: MediaStore, prefix?: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.keys(prefix)) keys.push(key);
  return keys.sort();
}

async function bytesOf(stream: Readable | null): Promise<Buffer> {
  expect(stream).not.toBeNull();
  const chunks: Buffer[] = [];
  for await (const chunk of stream!) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const stores: [string, () => MediaStore][] = [
  ['local files', () => new LocalMediaStore(join(localRoot, 'a'))],
  ['S3', () => new S3MediaStore(s3.store())],
  ['S3 with a key prefix', () => new S3MediaStore(s3.store({ prefix: 'tenant-1/' }))],
];

describe.each(stores)('the media store contract: %s', (_name, make) => {
  let store: MediaStore;
  beforeAll(() => {
    store = make();
  });
  afterAll(() => store.close?.());

  it('stores, reads, stats and lists an object under its content-hashed key', async () => {
    const data = randomBytes(70_000);
    const key = contentMediaKey(data, 'webp', { xfile: true });
    await store.put(key, data);
    expect(await store.get(key)).toEqual(data);
    expect(await store.stat(key)).toEqual({ size: 70_000 });
    expect(await bytesOf(await store.createReadStream(key))).toEqual(data);
    expect(await listed(store)).toContain(key);
    await store.delete(key);
  });

  it('streams an inclusive byte range (video seeking)', async () => {
    const data = randomBytes(10_000);
    const key = contentMediaKey(data, 'ts', { xfile: false });
    await store.put(key, data);
    expect(await bytesOf(await store.createReadStream(key, { start: 100, end: 1099 }))).toEqual(
      data.subarray(100, 1100),
    );
    expect(await bytesOf(await store.createReadStream(key, { start: 9_999, end: 9_999 }))).toEqual(
      data.subarray(9_999),
    );
    await store.delete(key);
  });

  it('treats a second put of a key as a no-op and keeps the first bytes', async () => {
    const data = Buffer.from('first');
    const key = contentMediaKey(data, 'json', { xfile: false });
    await store.put(key, data);
    await store.put(key, Buffer.from('second, longer'));
    expect((await store.get(key))?.toString()).toBe('first');
    await store.delete(key);
  });

  it('answers null for a missing key and deletes idempotently', async () => {
    const key = contentMediaKey(randomBytes(8), 'jpg', { xfile: false });
    expect(await store.get(key)).toBeNull();
    expect(await store.stat(key)).toBeNull();
    expect(await store.createReadStream(key)).toBeNull();
    await store.delete(key);
    await store.delete(key);
  });

  it('lists every key, or the keys under a prefix, and forgets deleted ones', async () => {
    const before = await listed(store);
    const a = 'hls/7/0123456789abcdef/master.m3u8';
    const b = 'hls/7/0123456789abcdef/v360/seg-0.ts';
    const c = 'hls/70/fedcba9876543210/master.m3u8';
    for (const key of [a, b, c]) await store.put(key, Buffer.from(key));
    expect(await listed(store, 'hls/7/0123456789abcdef/')).toEqual([a, b]);
    expect(await listed(store)).toEqual([...before, a, b, c].sort());
    for (const key of [a, b, c]) await store.delete(key);
    expect(await listed(store)).toEqual(before);
  });

  it('refuses unsafe keys', async () => {
    await expect(store.put('../escape.jpg', Buffer.from('x'))).rejects.toThrow(/invalid media key/);
    await expect(store.get('/abs.jpg')).rejects.toThrow(/invalid media key/);
  });
});

describe('the S3 media store', () => {
  it('keeps objects of another prefix apart', async () => {
    const one = new S3MediaStore(s3.store({ prefix: 'one/' }));
    const two = new S3MediaStore(s3.store({ prefix: 'two/' }));
    await one.put('x.json', Buffer.from('1'));
    expect(await two.get('x.json')).toBeNull();
    expect(await listed(two)).toEqual([]);
    one.close();
    two.close();
  });

  it('stores the content type, which a signed URL then serves', async () => {
    const store = new S3MediaStore(s3.store());
    const key = 'hls/9/00112233445566aa/master.m3u8';
    await store.put(key, Buffer.from('#EXTM3U\n'));
    const response = await fetch(await store.signedUrl(key, 300));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(await response.text()).toBe('#EXTM3U\n');
    store.close();
  });

  it('names the operation, bucket and key when the store fails, and never the secret', async () => {
    const store = new S3MediaStore({
      ...s3.store(),
      bucket: 'no-such-bucket',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER-secret-value' },
    });
    const error = await store.put('ab/cd/x.jpg', Buffer.from('x')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaStoreError);
    expect((error as Error).message).toMatch(
      /^S3 (HeadObject|PutObject) s3:\/\/no-such-bucket\/ab\/cd\/x\.jpg failed/,
    );
    expect((error as Error).message).not.toContain('S3RVER-secret-value');
    store.close();
  });

  it('fails clearly when the endpoint is unreachable', async () => {
    const store = new S3MediaStore({ ...s3.store(), endpoint: 'http://127.0.0.1:9' });
    await expect(store.stat('ab/x.jpg')).rejects.toThrow(/^S3 HeadObject s3:\/\/media\/ab\/x\.jpg failed/);
    await expect(store.createReadStream('ab/x.jpg')).rejects.toThrow(
      /^S3 GetObject s3:\/\/media\/ab\/x\.jpg failed/,
    );
    store.close();
  });

  it('is ready when its bucket answers, and not when the bucket is missing or the endpoint down (/readyz)', async () => {
    const store = new S3MediaStore(s3.store());
    await expect(store.ready()).resolves.toBeUndefined();
    const missing = new S3MediaStore({ ...s3.store(), bucket: 'no-such-bucket' });
    await expect(missing.ready()).rejects.toThrow(/^S3 HeadBucket s3:\/\/no-such-bucket failed/);
    const down = new S3MediaStore({ ...s3.store(), endpoint: 'http://127.0.0.1:9' });
    await expect(down.ready()).rejects.toThrow(/^S3 HeadBucket s3:\/\/media failed/);
    for (const each of [store, missing, down]) each.close();
  });
});
