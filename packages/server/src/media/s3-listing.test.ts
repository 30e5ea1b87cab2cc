/**
 * Listing a bucket past one page, against a real S3 endpoint that truncates: s3rver as its own
 * process with OpenSSL's legacy provider (it encrypts its continuation tokens with DES, which
 * OpenSSL 3 keeps there; in the test process itself it cannot truncate a listing at all). The
 * media sweep and `npm run copy-data` walk every key this way, so a bucket of more than 1,000
 * objects must be listed whole, each key once, in order.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../testing/free-port.js';
import { S3RVER_CREDENTIALS } from '../testing/s3rver.js';
import { contentMediaKey } from './media-key.js';
import type { S3StoreConfig } from './media-store-config.js';
import { S3MediaStore } from './s3-media-store.js';

const BUCKET = 'media';
let directory: string;
let s3rver: ChildProcess;
let endpoint: string;

async function waitUntilListening(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`s3rver exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error('s3rver did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'dm51-s3-listing-'));
  const port = await freeLoopbackPort();
  const bin = join(dirname(createRequire(import.meta.url).resolve('s3rver/package.json')), 'bin/s3rver.js');
  s3rver = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      bin,
      ...['-d', directory, '-a', '127.0.0.1', '-p', String(port), '--silent', '--configure-bucket', BUCKET],
    ],
    { stdio: 'ignore' },
  );
  endpoint = `http://127.0.0.1:${port}`;
  await waitUntilListening(`${endpoint}/${BUCKET}`, s3rver);
}, 30_000);

afterAll(() => {
  s3rver?.kill('SIGKILL');
  if (directory) rmSync(directory, { recursive: true, force: true });
});

function config(prefix = ''): S3StoreConfig {
  return {
    endpoint,
    region: 'us-east-1',
    bucket: BUCKET,
    prefix,
    credentials: S3RVER_CREDENTIALS,
    forcePathStyle: true,
  };
}

async function listed(store: S3MediaStore, prefix?: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.keys(prefix)) keys.push(key);
  return keys;
}

/** `count` small objects under content-hashed keys, `parallel` puts at a time. */
async function putMany(store: S3MediaStore, count: number, tag: string, parallel = 16): Promise<string[]> {
  const keys = Array.from({ length: count }, (_, i) =>
    contentMediaKey(Buffer.from(`${tag}-${i}`), 'webp', { xfile: true }),
  );
  for (let i = 0; i < keys.length; i += parallel)
    await Promise.all(keys.slice(i, i + parallel).map((key) => store.put(key, Buffer.from(key))));
  return keys.sort();
}

describe('listing an S3 bucket page by page', () => {
  it('lists every key of many small pages once, in order, and only under its prefix', async () => {
    const outside = new S3MediaStore(config('other/'));
    await putMany(outside, 3, 'outside');
    const store = new S3MediaStore(config('tenant-1/'), { listPageSize: 4 });
    const keys = await putMany(store, 11, 'small-pages');
    // Eleven keys in pages of four: three requests, each continuing after the last key seen.
    expect(await listed(store)).toEqual(keys);
    const firstFolder = keys[0]!.slice(0, 3);
    expect(await listed(store, firstFolder)).toEqual(keys.filter((key) => key.startsWith(firstFolder)));
    store.close();
    outside.close();
  });

  it('lists a bucket of more than 1,000 objects whole (past S3’s own page)', async () => {
    const store = new S3MediaStore(config('big/'));
    const keys = await putMany(store, 1_010, 'big-bucket');
    const seen = await listed(store);
    expect(seen.length).toBe(1_010);
    expect(new Set(seen).size).toBe(1_010);
    expect(seen).toEqual(keys);
    store.close();
  }, 120_000);
});
