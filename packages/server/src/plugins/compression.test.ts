import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentMediaKey } from '../media/media-key.js';
import { buildWork } from '../testing/catalogue-factory.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { createTestClient, type TestClient } from '../testing/test-client.js';

/** A work detail (over 1 KiB with its long summary), posted as the web app does, asking for the encodings. */
async function postDetails(ctx: TestApp, client: TestClient, workId: number, acceptEncoding?: string) {
  const session = await client.initGuest();
  return ctx.app.inject({
    method: 'POST',
    url: '/v3/comic/details',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
    body: `data=${client.envelope.seal({ ...client.mergedFields(session), id: workId })}`,
  });
}

describe('per-request compression of dynamic answers', () => {
  let ctx: TestApp;
  let client: TestClient;
  let workId: number;
  const xfile = randomBytes(4096);
  const xfileKey = contentMediaKey(xfile, 'webp', { xfile: true });
  // An episode's preview track is text, but media is never compressed per request (ranges address
  // stored bytes). (Its playlists are not media any more: /v3/anime/hls serves them.)
  const playlistKey = 'hls/7/0123456789abcdef/thumbs/thumbs.vtt';
  const playlist = `WEBVTT\n\n${'00:00:00.000 --> 00:00:04.000\nt0001.jpg\n\n'.repeat(200)}`;

  beforeAll(async () => {
    ctx = await buildTestApp();
    client = createTestClient(ctx);
    workId = (await buildWork(ctx.app.db, null, { summary: '人类与巨人的战斗。'.repeat(80) })).id;
    await ctx.app.media.put(xfileKey, xfile);
    await ctx.app.media.put(playlistKey, Buffer.from(playlist));
    await ctx.app.media.put('demo/cover.jpg', randomBytes(2048));
  });
  afterAll(async () => ctx.close());

  it('compresses an API answer with brotli when asked, and it opens to the same envelope', async () => {
    const plain = await postDetails(ctx, client, workId);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await postDetails(ctx, client, workId, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    const opened = JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8')) as { data: string };
    expect(client.envelope.openObject(opened.data)).toMatchObject({ relate_id: workId });
  });

  it('falls back to gzip for a client without brotli', async () => {
    const gz = await postDetails(ctx, client, workId, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toMatchObject({ code: 1 });
  });

  it('compresses the OpenAPI document', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/docs/json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8'))).toHaveProperty('paths');
  });

  it('leaves small answers alone (below 1 KiB the headers cost more than they save)', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it.each([
    ['an _xfile image', xfileKey, xfile],
    ['an episode preview track', playlistKey, Buffer.from(playlist)],
  ])('never compresses media (%s) and caches its immutable key forever', async (_label, key, bytes) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/media/${key}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload).toEqual(bytes);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates media under keys that are neither content-hashed nor an HLS package', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/media/demo/cover.jpg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('with COMPRESSION=off', () => {
  let ctx: TestApp;
  let client: TestClient;
  let workId: number;
  beforeAll(async () => {
    ctx = await buildTestApp({ compression: false });
    client = createTestClient(ctx);
    workId = (await buildWork(ctx.app.db, null, { summary: 'long '.repeat(400) })).id;
  });
  afterAll(async () => ctx.close());

  it('answers plain bytes even to a client that accepts brotli', async () => {
    const response = await postDetails(ctx, client, workId, 'br, gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.length).toBeGreaterThan(1024);
    expect(response.json()).toMatchObject({ code: 1 });
  });
});
