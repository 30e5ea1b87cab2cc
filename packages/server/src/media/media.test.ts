import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { LocalMediaStore } from './local-media-store.js';
import { contentMediaKey, isValidMediaKey, mediaUrlPath } from './media-key.js';

describe('media keys', () => {
  it('are content-hashed, sharded, and marked _xfile when XOR-encoded', () => {
    const key = contentMediaKey(Buffer.from('page'), '.webp', { xfile: true });
    expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}_xfile\.webp$/);
    expect(contentMediaKey(Buffer.from('page'), 'webp', { xfile: true })).toBe(key);
    expect(mediaUrlPath(key)).toBe(`/media/${key}`);
    expect(mediaUrlPath('')).toBe('');
  });

  it.each(['../etc/passwd', '/abs/x.jpg', 'a/../b.jpg', 'A/B.jpg', 'a//b.jpg', '', 'a/b c.jpg'])(
    'refuses the unsafe key %j',
    (key) => {
      expect(isValidMediaKey(key)).toBe(false);
    },
  );
});

describe('the local media store', () => {
  const root = mkdtempSync(join(tmpdir(), 'dm51-media-'));
  const store = new LocalMediaStore(root);

  it('stores, reads, lists and deletes objects', async () => {
    const data = randomBytes(1000);
    const key = contentMediaKey(data, 'jpg', { xfile: false });
    await store.put(key, data);
    await store.put(key, data);
    expect(await store.get(key)).toEqual(data);
    expect(await store.stat(key)).toEqual({ size: 1000 });
    const keys: string[] = [];
    for await (const listed of store.keys()) keys.push(listed);
    expect(keys).toEqual([key]);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
  });

  it('leaves no temp file behind and cleans the ones a crash left', async () => {
    const data = randomBytes(10);
    const key = contentMediaKey(data, 'png', { xfile: false });
    await store.put(key, data);
    const dir = join(root, key.slice(0, 5));
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    writeFileSync(join(dir, 'half-written.abc.tmp'), 'x');
    expect(await store.removeStaleTempFiles()).toBe(1);
    const keys: string[] = [];
    for await (const listed of store.keys()) keys.push(listed);
    expect(keys).toEqual([key]);
  });
});

describe('GET /media/<key>', () => {
  let ctx: TestApp;
  const data = randomBytes(4096);
  const key = contentMediaKey(data, 'webp', { xfile: true });

  beforeAll(async () => {
    ctx = await buildTestApp();
    await ctx.app.media.put(key, data);
  });
  afterAll(async () => ctx.close());

  it('serves the stored bytes, cached forever, as opaque bytes for _xfile objects', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(data);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['accept-ranges']).toBe('bytes');
  });

  it('serves byte ranges', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/media/${key}`,
      headers: { range: 'bytes=100-199' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe('bytes 100-199/4096');
    expect(response.rawPayload).toEqual(data.subarray(100, 200));
  });

  it('answers 416 for a range past the end', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/media/${key}`,
      headers: { range: 'bytes=5000-6000' },
    });
    expect(response.statusCode).toBe(416);
  });

  it.each(['/media/00/00/missing.jpg', '/media/..%2F..%2Fapp.db', '/media/%2e%2e/app.db'])(
    'answers 404 for %s',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
    },
  );
});
