/**
 * The whole path on S3: a background import (the worker thread) writes a library's
 * pages into an S3 bucket (s3rver on loopback), and GET /media serves them with the same bytes as
 * the local store, proxied (200 and 206) or as a redirect to a presigned URL that a client follows.
 * Runs on SQLite and PostgreSQL (the import writes rows to the database and media to the store).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCbz } from '../import/testing/library-fixtures.js';
import { startS3rver, type S3rverHandle } from '../testing/s3rver.js';
import { buildChapter, buildWork } from '../testing/catalogue-factory.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { createTestClient } from '../testing/test-client.js';
import { contentMediaKey } from './media-key.js';
import { LOCAL_MEDIA_STORE, type MediaStoreConfig } from './media-store-config.js';
import { LocalMediaStore } from './local-media-store.js';
import { S3MediaStore } from './s3-media-store.js';

let s3: S3rverHandle;
let lib: string;
let local: TestApp;
let proxied: TestApp;
let signed: TestApp;
const xorKey = 77;

async function importLibrary(ctx: TestApp): Promise<void> {
  const imports = ctx.app.services.imports;
  const result = await imports.waitFor((await imports.enqueue(lib)).id);
  expect(result.state).toBe('done');
  expect(result.summary?.chapters.added).toBe(2);
}

async function pageKeys(ctx: TestApp): Promise<string[]> {
  // In reading order: work and chapter ids follow the order the importer finished them in, which differs
  // between two imports of the same folder.
  const rows = await ctx.db
    .selectFrom('pages')
    .innerJoin('chapters', 'chapters.id', 'pages.chapter_id')
    .innerJoin('works', 'works.id', 'chapters.work_id')
    .select('pages.media_key')
    .orderBy('works.title')
    .orderBy('chapters.sort_order')
    .orderBy('pages.page_index')
    .execute();
  return rows.map((r) => r.media_key);
}

const s3Settings = (delivery: 'proxy' | 'signed', prefix: string): MediaStoreConfig => ({
  kind: 's3',
  s3: s3.store({ prefix }),
  delivery,
  signedUrlTtlS: 300,
});

beforeAll(async () => {
  s3 = await startS3rver();
  lib = mkdtempSync(join(tmpdir(), 'dm51-s3-lib-'));
  await writeCbz(join(lib, 'comics/Cloud Harbor/Cloud Harbor c001.cbz'), { pages: 3, size: [400, 600] });
  await writeCbz(join(lib, 'comics/Cloud Harbor/Cloud Harbor c002.cbz'), { pages: 2, size: [400, 600] });
  local = await buildTestApp({ imageXorKey: xorKey, mediaStore: LOCAL_MEDIA_STORE });
  proxied = await buildTestApp({ imageXorKey: xorKey, mediaStore: s3Settings('proxy', 'proxied/') });
  signed = await buildTestApp({ imageXorKey: xorKey, mediaStore: s3Settings('signed', 'signed/') });
  await importLibrary(local);
  await importLibrary(proxied);
  await importLibrary(signed);
}, 180_000);

afterAll(async () => {
  await Promise.all([local?.close(), proxied?.close(), signed?.close()]);
  await s3?.close();
  rmSync(lib, { recursive: true, force: true });
});

describe('media on S3, proxied through the server', () => {
  it('the import wrote every page into the bucket and none onto the local disk', async () => {
    const keys = await pageKeys(proxied);
    expect(keys).toHaveLength(5);
    expect(keys.every((key) => /_xfile\.[a-z]+$/.test(key))).toBe(true);
    const bucket = new S3MediaStore(s3.store({ prefix: 'proxied/' }));
    const stored = new Set<string>();
    for await (const key of bucket.keys()) stored.add(key);
    bucket.close();
    for (const key of keys) expect(stored.has(key)).toBe(true);
    // The S3 app's own data folder holds no media: only scratch and the database stay local.
    const onDisk: string[] = [];
    for await (const key of new LocalMediaStore(join(proxied.config.dataDir, 'media')).keys())
      onDisk.push(key);
    expect(onDisk).toEqual([]);
  });

  it('serves a page with the same bytes and headers as the local store', async () => {
    const keys = await pageKeys(proxied);
    expect(await pageKeys(local)).toEqual(keys);
    for (const key of keys) {
      const fromS3 = await proxied.app.inject({ method: 'GET', url: `/media/${key}` });
      const fromDisk = await local.app.inject({ method: 'GET', url: `/media/${key}` });
      expect(fromS3.statusCode).toBe(200);
      expect(fromS3.rawPayload.length).toBeGreaterThan(100);
      expect(fromS3.rawPayload.equals(fromDisk.rawPayload)).toBe(true);
      for (const header of ['content-type', 'content-length', 'cache-control', 'accept-ranges']) {
        expect(fromS3.headers[header]).toBe(fromDisk.headers[header]);
      }
    }
  });

  it('answers byte ranges with 206, unsatisfiable ones with 416, and missing keys with 404', async () => {
    const key = (await pageKeys(proxied))[0]!;
    const whole = (await local.app.inject({ method: 'GET', url: `/media/${key}` })).rawPayload;
    const part = await proxied.app.inject({
      method: 'GET',
      url: `/media/${key}`,
      headers: { range: 'bytes=10-49' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-49/${whole.length}`);
    expect(part.rawPayload.equals(whole.subarray(10, 50))).toBe(true);
    const beyond = await proxied.app.inject({
      method: 'GET',
      url: `/media/${key}`,
      headers: { range: `bytes=${whole.length + 10}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${whole.length}`);
    const missing = await proxied.app.inject({ method: 'GET', url: `/media/${key.replace(/^../, 'zz')}` });
    expect(missing.statusCode).toBe(404);
  });
  it('answers 404 for an object deleted after it was served (its size was memoised)', async () => {
    const data = Buffer.from('a page that an orphan collection will remove');
    const key = contentMediaKey(data, 'jpg', { xfile: true });
    await proxied.app.media.put(key, data);
    const first = await proxied.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(first.rawPayload.equals(data)).toBe(true);
    await proxied.app.media.delete(key);
    const whole = await proxied.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(whole.statusCode).toBe(404);
    expect(whole.headers['cache-control']).toBe('no-cache');
    await proxied.app.media.put(key, data);
    expect((await proxied.app.inject({ method: 'GET', url: `/media/${key}` })).statusCode).toBe(200);
    await proxied.app.media.delete(key);
    const ranged = await proxied.app.inject({
      method: 'GET',
      url: `/media/${key}`,
      headers: { range: 'bytes=0-3' },
    });
    expect(ranged.statusCode).toBe(404);
  });
});

describe('media on S3, delivered by signed URLs', () => {
  it('hands the same URL out again while it has most of its lifetime left, with a shorter max-age', async () => {
    const key = (await pageKeys(signed))[2]!;
    const first = await signed.app.inject({ method: 'GET', url: `/media/${key}` });
    const again = await signed.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(again.headers['location']).toBe(first.headers['location']);
    const maxAge = Number(/max-age=(\d+)/.exec(String(again.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(238);
    expect(maxAge).toBeLessThanOrEqual(240);
  });

  it('redirects to a presigned URL that serves the same bytes, and ranges as 206', async () => {
    const key = (await pageKeys(signed))[1]!;
    const whole = (await local.app.inject({ method: 'GET', url: `/media/${key}` })).rawPayload;
    const redirect = await signed.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['cache-control']).toBe('private, max-age=240');
    const target = String(redirect.headers['location']);
    expect(target.startsWith(`${s3.endpoint}/media/signed/${key}?`)).toBe(true);
    expect(target).toContain('X-Amz-Expires=300');
    expect(target).not.toContain('S3RVER&'); // the secret is never in the URL, only the key id

    const fetched = await fetch(target);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(whole)).toBe(true);

    const ranged = await fetch(target, { headers: { range: 'bytes=5-24' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(whole.subarray(5, 25))).toBe(true);
  });

  it("lets the app's pages fetch from the store (content security policy), and only then", async () => {
    const signedCsp = String(
      (await signed.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy'],
    );
    const proxiedCsp = String(
      (await proxied.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy'],
    );
    expect(signedCsp).toMatch(new RegExp(`connect-src 'self' ${s3.endpoint}(;| )`));
    expect(proxiedCsp).toContain("connect-src 'self';");
  });

  it('never redirects to the playlists or segments of an episode: only the access-checked HLS route serves them', async () => {
    const prefix = 'hls/5/0123456789abcdef';
    await signed.app.media.put(`${prefix}/master.m3u8`, Buffer.from('#EXTM3U\nv360/index.m3u8\n'));
    await signed.app.media.put(`${prefix}/v360/seg_0000.ts`, Buffer.alloc(188, 0x47));
    for (const file of ['master.m3u8', 'v360/seg_0000.ts']) {
      const response = await signed.app.inject({ method: 'GET', url: `/media/${prefix}/${file}` });
      expect(response.statusCode).toBe(404);
      expect(response.headers.location).toBeUndefined();
    }
  });

  it('redirects a viewer allowed to watch to the segment, after the access check, and no one else', async () => {
    const work = await buildWork(signed.db, null, { type: 2, title: 'Cloud Signal' });
    const chapter = await buildChapter(signed.db, { workId: work.id });
    const prefix = `hls/${chapter.id}/00112233445566aa`;
    const segment = Buffer.alloc(188 * 4, 0x47);
    await signed.app.media.put(`${prefix}/master.m3u8`, Buffer.from('#EXTM3U\nv360/index.m3u8\n'));
    await signed.app.media.put(
      `${prefix}/v360/index.m3u8`,
      Buffer.from('#EXTM3U\n#EXTINF:4.0,\nseg_0000.ts\n#EXT-X-ENDLIST\n'),
    );
    await signed.app.media.put(`${prefix}/v360/seg_0000.ts`, segment);
    const manifest = { master: 'master.m3u8', renditions: [], subtitles: [], encrypted: false };
    await signed.db
      .insertInto('transcode_jobs')
      .values({
        chapter_id: chapter.id,
        status: 'ready',
        output_prefix: prefix,
        manifest: JSON.stringify(manifest),
        created_time: 1,
        updated_time: 1,
      })
      .execute();
    const viewer = await createTestClient(signed).initGuest();
    const token = await signed.app.services.videoAccess.mintStreamToken(viewer.userId, chapter.id, 4);
    const base = `/v3/anime/hls/${chapter.id}`;
    const playlist = await signed.app.inject({ method: 'GET', url: `${base}/v360/index.m3u8?t=${token}` });
    expect(playlist.body).toContain(`seg_0000.ts?t=${token}`);
    const redirect = await signed.app.inject({ method: 'GET', url: `${base}/v360/seg_0000.ts?t=${token}` });
    expect(redirect.statusCode).toBe(302);
    expect(Buffer.from(await (await fetch(redirect.headers.location!)).arrayBuffer())).toEqual(segment);
    // Priced: the same URL is refused, with no redirect to follow.
    await signed.db.updateTable('chapters').set({ pay: 1 }).where('id', '=', chapter.id).execute();
    const refused = await signed.app.inject({ method: 'GET', url: `${base}/v360/seg_0000.ts?t=${token}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers.location).toBeUndefined();
  });
});
