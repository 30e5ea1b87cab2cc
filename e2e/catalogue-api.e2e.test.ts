/**
 * The catalogue API of the real built server on a seeded data folder, spoken over HTTP with the
 * real protocol: home, reading a comic chapter and decoding its `_xfile` page, VIP refusal, novel
 * text, search by a Chinese substring and by an author, and ranking after views, which must survive
 * a restart (the buffered view counter flushes on a clean stop).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEnvelope, xorBytes } from '@dm51/shared';
import { nodeCfbCipher } from '@dm51/shared/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue, type SeededCatalogue } from './support/seed-catalogue.js';
import { E2E_KEYS, startServer, type RunningServer } from './support/server.js';

const envelope = createEnvelope(E2E_KEYS.envelopeKey, nodeCfbCipher);
let dataDir: string;
let seeded: SeededCatalogue;
let server: RunningServer;
let session: { token: string; userId: number };

async function call<T = Record<string, unknown>>(path: string, payload: Record<string, unknown> = {}) {
  const body = {
    user_token: session?.token ?? '',
    user_id: session?.userId ?? 0,
    facility: 'Linux_h5',
    deviceid: 'e2e-catalogue-device',
    apikey: E2E_KEYS.apiKey,
    is_guest: 1,
    timestamp: Date.now(),
    ...payload,
  };
  const response = await fetch(`${server.baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `data=${envelope.seal(body)}`,
  });
  const json = (await response.json()) as { code: number; msg: string; data: string | null };
  return { code: json.code, msg: json.msg, data: json.data ? (envelope.open(json.data) as T) : null };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dm51-e2e-catalogue-'));
  seeded = await seedCatalogue(dataDir, { works: 6, novels: 2 });
  server = await startServer({ DATA_DIR: dataDir });
  const init = await call<{ token: string; user: { id: number } }>('/v3/app/init', {
    deviceid: 'e2e-catalogue-device',
  });
  session = { token: init.data!.token, userId: init.data!.user.id };
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a seeded catalogue on the built server', () => {
  it('serves the comic home with the seeded comics', async () => {
    const home = await call<{ reco: { name: string; pic: string }[]; class: unknown[] }>('/v3/comic/index', {
      reco_size: 6,
      news_size: 10,
      type_size: 10,
    });
    expect(home.code).toBe(1);
    expect(home.data!.reco.map((card) => card.name)).toEqual(seeded.comics.map((comic) => comic.title));
    expect(home.data!.class.length).toBeGreaterThan(0);
  });

  it('reads a comic chapter whose pages decode to JPEG, and refuses its VIP chapter', async () => {
    const comic = seeded.comics[0]!;
    const read = await call<{ pages: { url: string; width: number; height: number }[] }>('/v3/comic/read', {
      chapter_id: comic.chapters[0]!.id,
    });
    expect(read.data!.pages).toHaveLength(comic.chapters[0]!.pages);
    const image = await fetch(`${server.baseURL}${read.data!.pages[0]!.url}`, {
      headers: { 'cache-control': 'no-cache' },
    });
    const decoded = xorBytes(new Uint8Array(await image.arrayBuffer()), E2E_KEYS.imageXorKey);
    expect([...decoded.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const vip = comic.chapters.find((chapter) => chapter.pay === 2)!;
    const refused = await call('/v3/comic/read', { chapter_id: vip.id });
    expect(refused).toMatchObject({ code: 1101, data: null });
  });

  it('reads a novel chapter with Chinese and English text', async () => {
    const novel = seeded.novels[0]!;
    const read = await call<{ text: string; html: string }>('/v3/book/read', {
      chapter_id: novel.chapters[0]!.id,
    });
    expect(read.data!.text).toContain('夜色渐深');
    expect(read.data!.text).toContain('The wind carried');
    expect(read.data!.html.startsWith('<p>')).toBe(true);
  });

  it('finds works by a Chinese substring and by an author', async () => {
    const bySubstring = await call<{ list: { name: string }[] }>('/v3/search/index', { keyword: '海旅' });
    expect(bySubstring.data!.list.map((card) => card.name)).toEqual(['星海旅人']);
    const byAuthor = await call<{ list: { name: string }[] }>('/v3/search/index', { keyword: 'mika stone' });
    expect(byAuthor.data!.list.map((card) => card.name).sort()).toEqual(['月光学园', '雨夜咖啡馆']);
  });

  it('ranks by views after reads, and keeps the counts across a clean restart', async () => {
    const target = seeded.comics[4]!;
    for (let i = 0; i < 3; i += 1) await call('/v3/comic/read', { chapter_id: target.chapters[0]!.id });
    await server.restart();
    const init = await call<{ token: string; user: { id: number } }>('/v3/app/init', {
      deviceid: 'e2e-catalogue-device',
    });
    session = { token: init.data!.token, userId: init.data!.user.id };
    const ranking = await call<{ list: { name: string; value: number }[] }>('/v3/rank/index', {
      by: 'views',
      period: 'day',
    });
    expect(ranking.data!.list[0]).toMatchObject({ name: target.title, value: 3 });
  });
});
