import { createServer, type Server } from 'node:http';
import { xorBytes } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchXfile, mimeForPath, xorInPlace } from './fetch-xfile';

const KEY = 0x5a;
const PLAIN = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
let server: Server;
let base = '';
const hits = new Map<string, number>();
const headers: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    const n = (hits.get(path) ?? 0) + 1;
    hits.set(path, n);
    headers.push(String(req.headers['cache-control']));
    if (path.startsWith('/flaky') && n <= 2) {
      res.statusCode = 503;
      res.end();
      return;
    }
    if (path.startsWith('/slow')) return; // never answers
    if (path.startsWith('/missing')) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.end(Buffer.from(xorBytes(PLAIN, KEY)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('fetchXfile', () => {
  it('fetches with Cache-Control: no-cache and XORs every byte back', async () => {
    const blob = await fetchXfile(`${base}/ok/p1_xfile.jpg`, { xorKey: KEY });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(PLAIN);
    expect(blob.type).toBe('image/jpeg');
    expect(headers.at(-1)).toBe('no-cache');
  });

  it('retries twice after failures and then succeeds', async () => {
    const blob = await fetchXfile(`${base}/flaky/p_xfile.webp`, { xorKey: KEY });
    expect(hits.get('/flaky/p_xfile.webp')).toBe(3);
    expect(blob.type).toBe('image/webp');
  });

  it('gives up after three attempts', async () => {
    await expect(fetchXfile(`${base}/missing/p_xfile.png`, { xorKey: KEY })).rejects.toThrow('HTTP 404');
    expect(hits.get('/missing/p_xfile.png')).toBe(3);
  });

  it('times out each attempt', async () => {
    const started = Date.now();
    await expect(
      fetchXfile(`${base}/slow/p_xfile.jpg`, { xorKey: KEY, timeoutMs: 100, retries: 1 }),
    ).rejects.toThrow();
    expect(hits.get('/slow/p_xfile.jpg')).toBe(2);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('stops without retrying when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = fetchXfile(`${base}/slow/abort_xfile.jpg`, { xorKey: KEY, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toThrow();
    expect(hits.get('/slow/abort_xfile.jpg')).toBe(1);
  });

  it('picks the decoded type from the extension', () => {
    expect(mimeForPath('/a/b_xfile.png?v=1')).toBe('image/png');
    expect(mimeForPath('/a/b_xfile.avif')).toBe('image/avif');
    expect(mimeForPath('/a/b')).toBe('image/jpeg');
  });
});

describe('xorInPlace', () => {
  it('gives the same bytes as the protocol XOR for every length and alignment', () => {
    const source = new Uint8Array(64).map((_, i) => (i * 37 + 11) & 0xff);
    for (const key of [0, 0x5a, 0xff]) {
      for (let offset = 0; offset < 5; offset++) {
        for (let length = 0; length <= source.length - offset; length += 7) {
          const input = source.slice(offset, offset + length);
          const backing = new Uint8Array(length + offset);
          backing.set(input, offset);
          const view = backing.subarray(offset, offset + length);
          expect(Array.from(xorInPlace(view, key))).toEqual(Array.from(xorBytes(input, key)));
        }
      }
    }
  });

  it('refuses a key outside a byte', () => {
    expect(() => xorInPlace(new Uint8Array(4), 256)).toThrow(RangeError);
  });
});
