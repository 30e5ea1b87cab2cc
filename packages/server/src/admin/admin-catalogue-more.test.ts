/**
 * Catalogue, second part, seen from the app and the audit log: an uploaded cover and a page picked
 * as cover show in the app's detail, home and search at once (a real 360 px rendition); bad uploads
 * (not an image, empty, too many bytes, a decompression bomb) and bad picks change nothing; banners
 * and pinned recommendations drive /v3/comic/index (with a banner picture of its own, a preview that
 * saves nothing, and the automatic choice back when cleared); authors and tags edited by name show
 * on the app's author page and tag lists; merging a duplicate moves chapters, shelves, history,
 * comments, follows and unlocks, keeps one unlock where a reader owned both, never rewrites the
 * ledger, and hides the duplicate. Runs on SQLite and PostgreSQL (DATABASE_URL).
 */
import { deflateSync } from 'node:zlib';
import { xorBytes } from '@dm51/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkRow } from '../db/schema.js';
import { buildChapter, buildComicPages, buildWork } from '../testing/catalogue-factory.js';
import { adminRequest, signedIn, type OperatorSession } from '../testing/admin-harness.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;
let admin: OperatorSession;
let viewer: OperatorSession;
let reader: TestSession;
let comic: WorkRow;
let second: WorkRow;
let third: WorkRow;
let novel: WorkRow;

const auditRows = (action: string) =>
  ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
const coverOf = async (id: number) =>
  (await ctx.db.selectFrom('works').select('cover_key').where('id', '=', id).executeTakeFirstOrThrow())
    .cover_key;

interface Card {
  relate_id: number;
  pic: string;
  name: string;
}
interface Home {
  banner: { relate_id: number; picx: string; name: string }[];
  reco: Card[];
}
const home = async () => (await client.call<Home>('/v3/comic/index', {}, { session: reader })).data!;
const detail = async (id: number) =>
  (
    await client.call<
      Card & { authors: { id: number; name: string }[]; tag_list: { id: number; name: string }[] }
    >('/v3/comic/details', { id }, { session: reader })
  ).data!;

/** The picture behind a /media/ path, decoded as the app decodes `_xfile` objects. */
async function served(path: string) {
  const response = await ctx.app.inject({ method: 'GET', url: path });
  expect(response.statusCode).toBe(200);
  const bytes = path.includes('_xfile')
    ? xorBytes(response.rawPayload, ctx.config.imageXorKey)
    : response.rawPayload;
  return sharp(Buffer.from(bytes)).metadata();
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}
/** A tiny PNG whose header claims 50 000 × 50 000 pixels (a decompression bomb). */
function bombPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr.writeUInt8(8, 8);
  ihdr.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  admin = await signedIn(ctx.app, 'admin');
  viewer = await signedIn(ctx.app, 'viewer');
  reader = await client.initGuest();
  const media = { store: ctx.app.media, xorKey: ctx.config.imageXorKey };
  comic = await buildWork(ctx.db, media, {
    title: 'Quiet Tide',
    authors: ['Old Hand'],
    tags: ['Sea'],
    score: 9,
    viewsTotal: 500,
  });
  second = await buildWork(ctx.db, media, { title: 'Lantern Road', score: 5 });
  third = await buildWork(ctx.db, media, { title: 'Paper Moon', score: 3 });
  novel = await buildWork(ctx.db, media, { title: 'Long River', type: 1 });
  for (let i = 0; i < 2; i++) {
    const chapter = await buildChapter(ctx.db, { workId: comic.id });
    await buildComicPages(ctx.db, media, chapter.id, { count: 3, width: 600, height: 900 });
  }
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe('cover', () => {
  it('an uploaded cover shows in the app’s detail, home and search at once, as a 360 px rendition', async () => {
    const png = await sharp({ create: { width: 800, height: 1200, channels: 3, background: '#c03030' } })
      .png()
      .toBuffer();
    const before = await coverOf(comic.id);
    const saved = await adminRequest<{ data: { key: string; width: number } }>(
      ctx.app,
      'POST',
      `/catalogue/works/${comic.id}/cover`,
      { session: admin, body: { image: png.toString('base64') } },
    );
    expect(saved.status).toBe(200);
    const key = saved.body.data.key;
    expect(key).not.toBe(before);
    expect(key).toMatch(/^lib\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}_xfile\.webp$/);

    const pic = (await detail(comic.id)).pic;
    expect(pic).toBe(`/media/${key}`);
    const meta = await served(pic);
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 360, 540]);
    const { data } = await sharp(
      Buffer.from(xorBytes((await ctx.app.inject({ url: pic })).rawPayload, ctx.config.imageXorKey)),
    )
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(150); // red, as uploaded
    expect((await home()).reco.find((w) => w.relate_id === comic.id)?.pic).toBe(pic);
    const search = await client.call<{ list: Card[] }>(
      '/v3/search/index',
      { keyword: 'Quiet Tide' },
      { session: reader },
    );
    expect(search.data!.list.find((w) => w.relate_id === comic.id)?.pic).toBe(pic);
    expect(
      await ctx.db.selectFrom('media_objects').select('key').where('key', '=', key).execute(),
    ).toHaveLength(1);

    const [row] = await auditRows('work.cover');
    expect(JSON.parse(row!.before_json)).toEqual({ coverKey: before });
    expect(JSON.parse(row!.after_json)).toMatchObject({ coverKey: key, source: 'upload', width: 360 });
  });

  it('refuses what is not an acceptable image, and changes nothing', async () => {
    const before = await coverOf(comic.id);
    const tooBig = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
    const cases: [unknown, number, RegExp][] = [
      [{ image: Buffer.from('<?php echo 1; ?>').toString('base64') }, 400, /not an image/],
      [{ image: '' }, 400, /image/],
      [{ image: tooBig.toString('base64') }, 400, /too large/],
      [{ image: bombPng().toString('base64') }, 400, /too large \(50000×50000/],
      [{ image: 42 }, 400, /image/],
      [{ picture: 'x' }, 400, /./],
    ];
    for (const [body, status, message] of cases) {
      const answer = await adminRequest(ctx.app, 'POST', `/catalogue/works/${comic.id}/cover`, {
        session: admin,
        body,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.msg).toMatch(message);
    }
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(
      (
        await adminRequest(ctx.app, 'POST', '/catalogue/works/999999/cover', {
          session: admin,
          body: { image: png.toString('base64') },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await adminRequest(ctx.app, 'POST', `/catalogue/works/${comic.id}/cover`, {
          session: viewer,
          body: { image: png.toString('base64') },
        })
      ).status,
    ).toBe(403);
    expect(await coverOf(comic.id)).toBe(before);
    expect(await auditRows('work.cover')).toHaveLength(1);
  });

  it('the page picker lists the work’s pages; a picked page becomes the cover', async () => {
    const picker = await adminRequest<{
      data: { chapters: { id: number }[]; chapterId: number; pages: { index: number; thumb: string }[] };
    }>(ctx.app, 'GET', `/catalogue/works/${comic.id}/pages`, { session: viewer });
    expect(picker.status).toBe(200);
    expect(picker.body.data.chapters).toHaveLength(2);
    expect(picker.body.data.pages.map((p) => p.index)).toEqual([0, 1, 2]);
    expect(picker.body.data.pages[0]!.thumb).toMatch(/^data:image\/jpeg;base64,/);
    const chapterId = picker.body.data.chapters[1]!.id;
    const other = await adminRequest<{ data: { chapterId: number } }>(
      ctx.app,
      'GET',
      `/catalogue/works/${comic.id}/pages?chapterId=${chapterId}`,
      { session: viewer },
    );
    expect(other.body.data.chapterId).toBe(chapterId);

    const before = await coverOf(comic.id);
    for (const body of [
      { chapterId, pageIndex: 9 },
      { chapterId: 999_999, pageIndex: 0 },
    ]) {
      const refused = await adminRequest(ctx.app, 'PUT', `/catalogue/works/${second.id}/cover`, {
        session: admin,
        body,
      });
      expect(refused.status).toBe(404);
    }
    expect(
      (
        await adminRequest(ctx.app, 'PUT', `/catalogue/works/${comic.id}/cover`, {
          session: admin,
          body: { chapterId, pageIndex: -1 },
        })
      ).status,
    ).toBe(400);
    expect(await coverOf(comic.id)).toBe(before);

    const picked = await adminRequest<{ data: { key: string } }>(
      ctx.app,
      'PUT',
      `/catalogue/works/${comic.id}/cover`,
      { session: admin, body: { chapterId, pageIndex: 1 } },
    );
    expect(picked.status).toBe(200);
    expect(picked.body.data.key).not.toBe(before);
    const pic = (await detail(comic.id)).pic;
    expect(pic).toBe(`/media/${picked.body.data.key}`);
    expect((await served(pic)).width).toBe(360);
    const rows = await auditRows('work.cover');
    expect(rows).toHaveLength(2);
    expect(JSON.parse(rows[1]!.after_json)).toMatchObject({ source: 'page', chapterId, pageIndex: 1 });
  });
});

describe('home banners and recommendations', () => {
  it('without choices the home is automatic; chosen banners and pinned works lead the app’s home', async () => {
    const auto = await home();
    expect(auto.banner.map((b) => b.relate_id)[0]).toBe(comic.id);
    expect(auto.reco.map((w) => w.relate_id)).toEqual([comic.id, second.id, third.id]);

    const upload = await adminRequest<{ data: { key: string } }>(
      ctx.app,
      'POST',
      '/catalogue/home/banner-image',
      {
        session: admin,
        body: {
          image: (
            await sharp({ create: { width: 1600, height: 600, channels: 3, background: '#2050d0' } })
              .jpeg()
              .toBuffer()
          ).toString('base64'),
        },
      },
    );
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    const imageKey = upload.body.data.key;
    expect(imageKey).toMatch(/^console\/.*_xfile\.webp$/);
    expect((await served(`/media/${imageKey}`)).width).toBe(1080);

    const picks = { banners: [{ workId: third.id, imageKey }, { workId: second.id }], reco: [third.id] };
    const preview = await adminRequest<{
      data: { banners: { workId: number; thumb: string }[]; reco: { workId: number }[] };
    }>(ctx.app, 'POST', '/catalogue/home/comic/preview', { session: viewer, body: picks });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.banners.map((b) => b.workId)).toEqual([third.id, second.id]);
    expect(preview.body.data.banners[0]!.thumb).toMatch(/^data:image\/jpeg/);
    expect(preview.body.data.reco.map((w) => w.workId)).toEqual([third.id, comic.id, second.id]);
    // A preview saves nothing.
    expect((await home()).banner[0]!.relate_id).toBe(comic.id);

    const saved = await adminRequest(ctx.app, 'PUT', '/catalogue/home/comic', {
      session: admin,
      body: picks,
    });
    expect(saved.status).toBe(200);
    const now = await home();
    expect(now.banner.map((b) => [b.relate_id, b.picx])).toEqual([
      [third.id, `/media/${imageKey}`],
      [second.id, (await detail(second.id)).pic],
    ]);
    expect(now.reco.map((w) => w.relate_id)).toEqual([third.id, comic.id, second.id]);
    const view = await adminRequest<{ data: { automatic: boolean; banners: { title: string }[] } }>(
      ctx.app,
      'GET',
      '/catalogue/home/comic',
      { session: viewer },
    );
    expect(view.body.data.automatic).toBe(false);
    expect(view.body.data.banners.map((b) => b.title)).toEqual(['Paper Moon', 'Lantern Road']);
    // The novels' home keeps its automatic choice.
    const novels = (await client.call<Home>('/v3/book/index', {}, { session: reader })).data!;
    expect(novels.banner.map((b) => b.relate_id)).toEqual([novel.id]);

    const [row] = await auditRows('home.picks');
    expect(JSON.parse(row!.before_json)).toEqual({ banners: [], reco: [] });
    expect(JSON.parse(row!.after_json)).toMatchObject({ reco: [third.id] });
    expect(await auditRows('home.banner_image')).toHaveLength(1);
  });

  it('refuses bad choices and changes nothing; empty lists bring the automatic choice back', async () => {
    const before = await home();
    const bad: unknown[] = [
      { banners: [{ workId: novel.id }], reco: [] },
      { banners: [], reco: [999_999] },
      { banners: [{ workId: second.id }, { workId: second.id }], reco: [] },
      { banners: [], reco: [second.id, second.id] },
      { banners: [{ workId: second.id, imageKey: 'lib/aa/bb/nothing.webp' }], reco: [] },
      { banners: [{ workId: second.id, imageKey: 'console/aa/bb/nothing_xfile.webp' }], reco: [] },
      { banners: [{ workId: 'two' }], reco: [] },
      { banners: [] },
    ];
    for (const body of bad) {
      const answer = await adminRequest(ctx.app, 'PUT', '/catalogue/home/comic', { session: admin, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (
        await adminRequest(ctx.app, 'PUT', '/catalogue/home/manga', {
          session: admin,
          body: { banners: [], reco: [] },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await adminRequest(ctx.app, 'PUT', '/catalogue/home/comic', {
          session: viewer,
          body: { banners: [], reco: [] },
        })
      ).status,
    ).toBe(403);
    expect(await home()).toEqual(before);
    expect(await auditRows('home.picks')).toHaveLength(1);

    await adminRequest(ctx.app, 'PUT', '/catalogue/home/comic', {
      session: admin,
      body: { banners: [], reco: [] },
    });
    const auto = await home();
    expect(auto.banner[0]!.relate_id).toBe(comic.id);
    expect(auto.reco.map((w) => w.relate_id)).toEqual([comic.id, second.id, third.id]);
  });
});

describe('authors and tags', () => {
  it('edited by name, with autocomplete; the app’s author page and tag lists follow', async () => {
    const suggest = await adminRequest<{ data: { name: string }[] }>(
      ctx.app,
      'GET',
      '/catalogue/authors?q=Old',
      {
        session: viewer,
      },
    );
    expect(suggest.body.data.map((a) => a.name)).toEqual(['Old Hand']);
    const saved = await adminRequest<{ data: { authors: string[]; tags: string[] } }>(
      ctx.app,
      'PUT',
      `/catalogue/works/${comic.id}/people`,
      { session: admin, body: { authors: ['Old Hand', 'New Pen'], tags: ['Storm'] } },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ authors: ['Old Hand', 'New Pen'], tags: ['Storm'] });

    const shown = await detail(comic.id);
    expect(shown.authors.map((a) => a.name)).toEqual(['Old Hand', 'New Pen']);
    expect(shown.tag_list.map((t) => t.name)).toEqual(['Storm']);
    const newPen = shown.authors.find((a) => a.name === 'New Pen')!;
    const authorPage = await client.call<{ list: Card[] }>(
      '/v3/comic/author',
      { id: newPen.id },
      { session: reader },
    );
    expect(authorPage.data!.list.map((w) => w.relate_id)).toEqual([comic.id]);
    const tagId = async (name: string) =>
      (await ctx.db.selectFrom('tags').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const byTag = async (name: string) =>
      (
        await client.call<{ list: Card[] }>(
          '/v3/category/works',
          { type: 0, tag_id: await tagId(name) },
          { session: reader },
        )
      ).data!.list.map((w) => w.relate_id);
    expect(await byTag('Storm')).toEqual([comic.id]);
    expect(await byTag('Sea')).toEqual([]);
    expect(
      (
        await adminRequest<{ data: { name: string }[] }>(ctx.app, 'GET', '/catalogue/tags?q=sto', {
          session: viewer,
        })
      ).body.data.map((t) => t.name),
    ).toEqual(['Storm']);

    const [row] = await auditRows('work.people');
    expect(JSON.parse(row!.before_json)).toEqual({ authors: ['Old Hand'], tags: ['Sea'] });
    expect(JSON.parse(row!.after_json)).toEqual({ authors: ['Old Hand', 'New Pen'], tags: ['Storm'] });
  });

  it('bad input changes nothing', async () => {
    for (const body of [
      { tags: ['x'.repeat(65)] },
      { authors: [''] },
      { authors: 'Old Hand' },
      { owner: 1 },
    ]) {
      const answer = await adminRequest(ctx.app, 'PUT', `/catalogue/works/${comic.id}/people`, {
        session: admin,
        body,
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (
        await adminRequest(ctx.app, 'PUT', '/catalogue/works/999999/people', {
          session: admin,
          body: { tags: [] },
        })
      ).status,
    ).toBe(404);
    const shown = await detail(comic.id);
    expect(shown.tag_list.map((t) => t.name)).toEqual(['Storm']);
    expect(await auditRows('work.people')).toHaveLength(1);
  });
});

describe('merge duplicates', () => {
  it('refuses different kinds, the same work and unknown ids, changing nothing', async () => {
    const cases: [object, number][] = [
      [{ keepId: comic.id, mergeId: novel.id }, 400],
      [{ keepId: comic.id, mergeId: comic.id }, 400],
      [{ keepId: comic.id, mergeId: 999_999 }, 404],
      [{ keepId: 'one', mergeId: comic.id }, 400],
    ];
    for (const [body, status] of cases) {
      expect((await adminRequest(ctx.app, 'POST', '/catalogue/merge', { session: admin, body })).status).toBe(
        status,
      );
    }
    expect(
      (
        await adminRequest(ctx.app, 'POST', '/catalogue/merge', {
          session: viewer,
          body: { keepId: comic.id, mergeId: second.id },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await adminRequest(
          ctx.app,
          'GET',
          `/catalogue/merge/preview?keepId=${comic.id}&mergeId=${novel.id}`,
          {
            session: viewer,
          },
        )
      ).status,
    ).toBe(400);
    const works = await ctx.db.selectFrom('works').select(['id', 'published', 'chapter_count']).execute();
    expect(works.every((w) => w.published === 1)).toBe(true);
    expect(await auditRows('work.merge')).toEqual([]);
  });

  it('moves chapters, shelves, history, comments, follows and unlocks; keeps one unlock owned twice; the ledger stays', async () => {
    const media = { store: ctx.app.media, xorKey: ctx.config.imageXorKey };
    const keep = await buildWork(ctx.db, media, { title: 'Harbor Lights' });
    const dupe = await buildWork(ctx.db, media, { title: 'Harbor Lights (copy)', viewsTotal: 40 });
    await ctx.db
      .updateTable('works')
      .set({ chapter_price: 10, views_total: 100 })
      .where('id', '=', keep.id)
      .execute();
    await ctx.db.updateTable('works').set({ chapter_price: 10 }).where('id', '=', dupe.id).execute();
    const a1 = await buildChapter(ctx.db, { workId: keep.id, title: 'Chapter 1', number: '1', pay: 1 });
    const a2 = await buildChapter(ctx.db, { workId: keep.id, title: 'Chapter 2', number: '2', pay: 1 });
    const b2 = await buildChapter(ctx.db, { workId: dupe.id, title: 'Chapter 2', number: '2', pay: 1 });
    const b3 = await buildChapter(ctx.db, { workId: dupe.id, title: 'Chapter 3', number: '3', pay: 1 });
    for (const c of [a1, a2, b2, b3]) await buildComicPages(ctx.db, null, c.id, { count: 1 });

    const { registeredUser, topUp, ledgerViolations } = await import('../testing/money-factory.js');
    const both = await registeredUser(ctx.db, client);
    const onlyB = await registeredUser(ctx.db, client);
    let k = 0;
    const buy = async (who: TestSession, chapterId: number) => {
      const answer = await client.call(
        '/v3/comic/buy',
        { chapter_id: chapterId, idempotency_key: `merge-${(k += 1)}-${Date.now()}` },
        { session: who },
      );
      expect(answer.code).toBe(1);
    };
    for (const who of [both, onlyB]) await topUp(ctx.db, ctx.app.services.money, who.userId, { coins: 100 });
    await buy(both, a2.id);
    await buy(both, b2.id); // owned in both
    await buy(onlyB, b2.id);
    await buy(onlyB, b3.id);
    expect((await client.call('/v3/cases/add/comic', { id: dupe.id }, { session: onlyB })).code).toBe(1);
    expect((await client.call('/v3/cases/add/comic', { id: dupe.id }, { session: both })).code).toBe(1);
    expect((await client.call('/v3/cases/add/comic', { id: keep.id }, { session: both })).code).toBe(1);
    expect((await client.call('/v3/follow/add', { id: dupe.id }, { session: onlyB })).code).toBe(1);
    expect((await client.call('/v3/reco/hide', { id: dupe.id }, { session: onlyB })).code).toBe(1);
    expect(
      (
        await client.call(
          '/v3/read/add',
          { id: dupe.id, chapter_id: b3.id, page_index: 0 },
          { session: onlyB },
        )
      ).code,
    ).toBe(1);
    await ctx.db
      .insertInto('comments')
      .values({
        work_id: dupe.id,
        user_id: onlyB.userId,
        content: 'Lovely harbour',
        status: 1,
        created_time: 1,
      })
      .execute();

    const legs = () =>
      ctx.db
        .selectFrom('ledger_legs')
        .select(['id', 'entry_id', 'account_id', 'amount'])
        .orderBy('id')
        .execute();
    const entries = () =>
      ctx.db
        .selectFrom('ledger_entries')
        .select(['id', 'kind', 'work_id', 'chapter_id', 'user_id'])
        .orderBy('id')
        .execute();
    const [legsBefore, entriesBefore] = [await legs(), await entries()];
    const coinsBefore = await ctx.db
      .selectFrom('users')
      .select(['id', 'coins', 'ticket'])
      .orderBy('id')
      .execute();

    const preview = await adminRequest<{ data: Record<string, number> }>(
      ctx.app,
      'GET',
      `/catalogue/merge/preview?keepId=${keep.id}&mergeId=${dupe.id}`,
      { session: viewer },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({
      chaptersMoved: 1,
      chaptersSkipped: 1,
      favorites: 2,
      history: 1,
      comments: 1,
      follows: 1,
      unlocks: 2,
      unlocksDropped: 1,
      ledgerEntries: 3,
    });

    const merged = await adminRequest(ctx.app, 'POST', '/catalogue/merge', {
      session: admin,
      body: { keepId: keep.id, mergeId: dupe.id },
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);

    // The app: B is gone, A has chapters 1, 2, 3 and what readers had on B.
    expect((await client.call('/v3/comic/details', { id: dupe.id }, { session: reader })).code).toBe(1102);
    const chaptersOf = async (who: TestSession) =>
      (
        await client.call<{ list: { id: number; name: string; locked: number }[] }>(
          '/v3/comic/chapters',
          { id: keep.id },
          { session: who },
        )
      ).data!.list;
    const seenByOnlyB = await chaptersOf(onlyB);
    expect(seenByOnlyB.map((c) => c.name)).toEqual(['Chapter 1', 'Chapter 2', 'Chapter 3']);
    // onlyB bought B's "Chapter 2" and "Chapter 3": both open on A now; A's chapter 1 stays locked.
    expect(seenByOnlyB.map((c) => c.locked)).toEqual([1, 0, 0]);
    expect((await chaptersOf(both)).map((c) => c.locked)).toEqual([1, 0, 1]);
    const shelf = await client.call<{ list: { relate_id: number }[] }>(
      '/v3/cases/index',
      {},
      { session: onlyB },
    );
    expect(shelf.data!.list.map((w) => w.relate_id)).toEqual([keep.id]);
    const shelfBoth = await client.call<{ list: { relate_id: number }[] }>(
      '/v3/cases/index',
      {},
      { session: both },
    );
    expect(shelfBoth.data!.list.map((w) => w.relate_id)).toEqual([keep.id]);
    const history = await client.call<{ list: { relate_id: number }[] }>(
      '/v3/read/index',
      {},
      { session: onlyB },
    );
    expect(history.data!.list.map((w) => w.relate_id)).toEqual([keep.id]);
    const follows = await client.call<{ list: { relate_id?: number; id?: number }[] }>(
      '/v3/follow/index',
      {},
      { session: onlyB },
    );
    expect(follows.data!.list).toHaveLength(1);
    // "Not interested" follows the work it was about.
    const hidden = await client.call<{ list: { relate_id: number }[] }>(
      '/v3/reco/hidden',
      {},
      { session: onlyB },
    );
    expect(hidden.data!.list.map((w) => w.relate_id)).toEqual([keep.id]);
    const comments = await client.call<{ list: { text: string }[] }>(
      '/v3/comment/list',
      { work_id: keep.id },
      { session: reader },
    );
    expect(comments.data!.list.map((c) => c.text)).toEqual(['Lovely harbour']);
    const purchases = await client.call<{ list: { work_id: number; chapter_id: number; coins: number }[] }>(
      '/v3/book_buy/list',
      {},
      { session: both },
    );
    expect(purchases.data!.list.map((p) => [p.work_id, p.chapter_id]).sort()).toEqual([[keep.id, a2.id]]);
    expect(purchases.data!.list[0]!.coins).toBe(20);
    const detailA = await detail(keep.id);
    expect(detailA).toMatchObject({ relate_id: keep.id });
    const works = await ctx.db
      .selectFrom('works')
      .select(['id', 'published', 'chapter_count', 'views_total', 'favorites_total'])
      .where('id', 'in', [keep.id, dupe.id])
      .orderBy('id')
      .execute();
    expect(
      works.map((w) => [w.published, w.chapter_count, Number(w.views_total), w.favorites_total]),
    ).toEqual([
      [1, 3, 140, 2],
      [0, 1, 0, 0],
    ]);

    // The ledger is exactly as it was; balances and every invariant hold.
    expect(await legs()).toEqual(legsBefore);
    expect(await entries()).toEqual(entriesBefore);
    expect(
      await ctx.db.selectFrom('users').select(['id', 'coins', 'ticket']).orderBy('id').execute(),
    ).toEqual(coinsBefore);
    expect(await ledgerViolations(ctx.db)).toEqual([]);

    const [row] = await auditRows('work.merge');
    expect(row!.target_id).toBe(String(keep.id));
    expect(JSON.parse(row!.after_json)).toMatchObject({
      hidden: dupe.id,
      chaptersMoved: 1,
      unlocksDropped: 1,
    });
  }, 60_000);
});
