/**
 * OPDS downloads as an e-reader and a comic reader meet them: a CBZ carries a ComicInfo.xml with
 * the work's series, number, title, writers, summary, language, pages and right-to-left reading;
 * every download (CBZ, EPUB) is the same bytes each time, with entries dated by the content's last
 * change; and a broken download resumes with `Range` (206, 416, If-Range on the strong ETag),
 * never before the token and the chapter's lock have been checked.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openArchive } from '@dm51/library';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsHarness, uniqueEmail, type AccountsHarness } from '../testing/accounts.js';
import { buildChapter, buildComicPages, buildNovelChapter, buildWork } from '../testing/catalogue-factory.js';
import { basicFor, createAppToken, type CreatedToken } from '../testing/opds.js';

let h: AccountsHarness;
let token: CreatedToken;
const ids = { manga: 0, chapter: 0, comic: 0, plainChapter: 0, locked: 0, novel: 0 };
/** 2024-05-17 13:45:30 UTC: the chapters' and works' last change. */
const UPDATED = Date.UTC(2024, 4, 17, 13, 45, 30) / 1000;
const dir = mkdtempSync(join(tmpdir(), 'opds-downloads-'));

function download(path: string, headers: Record<string, string> = {}, auth = true) {
  return h.ctx.app.inject({
    method: 'GET',
    url: path,
    headers: { ...(auth ? { authorization: basicFor(token) } : {}), ...headers },
  });
}

async function entriesOf(data: Buffer) {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(path, data);
  const archive = await openArchive(path);
  const { entries } = await archive.list();
  const read = async (name: string) => archive.read(name);
  return { names: entries.map((entry) => entry.name), read, close: () => archive.close() };
}

/** The DOS dates of every entry, from the ZIP's central directory, as UTC ISO strings. */
function entryDates(zip: Buffer): string[] {
  const dates: string[] = [];
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i += 1) {
    const time = zip.readUInt16LE(at + 12);
    const date = zip.readUInt16LE(at + 14);
    const moment = Date.UTC(
      (date >> 9) + 1980,
      ((date >> 5) & 15) - 1,
      date & 31,
      time >> 11,
      (time >> 5) & 63,
      (time & 31) * 2,
    );
    dates.push(new Date(moment).toISOString());
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return dates;
}

beforeAll(async () => {
  h = await buildAccountsHarness();
  const { db, app, config } = h.ctx;
  const media = { store: app.media, xorKey: config.imageXorKey };
  const manga = await buildWork(db, media, {
    type: 0,
    title: '鉄の庭',
    authors: ['霧島 蓮', '南 ひかり'],
    summary: '廃墟の庭で眠っていた巨大ロボットが目を覚ます。',
    language: 'ja',
    rtl: 1,
  });
  const chapter = await buildChapter(db, { workId: manga.id, title: 'The Storm & the Sea', number: '12' });
  await buildComicPages(db, media, chapter.id, { count: 3, width: 720, height: 1280 });
  const comic = await buildWork(db, media, { type: 0, title: 'Left to Right', language: 'en' });
  const plain = await buildChapter(db, { workId: comic.id });
  await buildComicPages(db, media, plain.id, { count: 1 });
  const locked = await buildChapter(db, { workId: comic.id, pay: 2 });
  await buildComicPages(db, media, locked.id, { count: 1 });
  const novel = await buildWork(db, media, { type: 1, title: '三体', authors: ['刘慈欣'] });
  await buildNovelChapter(db, { workId: novel.id, title: '第一章', text: '汪淼觉得，这是一个奇怪的组合。' });
  await db.updateTable('chapters').set({ updated_time: UPDATED }).execute();
  await db.updateTable('works').set({ updated_time: UPDATED }).execute();
  Object.assign(ids, {
    manga: manga.id,
    chapter: chapter.id,
    comic: comic.id,
    plainChapter: plain.id,
    locked: locked.id,
    novel: novel.id,
  });
  const reader = await h.registerByEmail(uniqueEmail('reader'), 'password 1');
  token = await createAppToken(h, reader);
}, 60_000);
afterAll(async () => h.close());

describe('CBZ downloads', () => {
  it('carry a ComicInfo.xml with the series, number, title, writers, summary, pages and right-to-left reading', async () => {
    const response = await download(`/opds/chapters/${ids.chapter}/cbz`);
    expect(response.statusCode).toBe(200);
    const zip = await entriesOf(response.rawPayload);
    expect(zip.names).toEqual(['0001.jpg', '0002.jpg', '0003.jpg', 'ComicInfo.xml']);
    const xml = (await zip.read('ComicInfo.xml')).toString('utf8');
    const sizes = await Promise.all(
      ['0001.jpg', '0002.jpg', '0003.jpg'].map(async (n) => (await zip.read(n)).length),
    );
    await zip.close();
    const info = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      parseTagValue: false,
      isArray: (name) => name === 'Page',
    }).parse(xml) as {
      ComicInfo: Record<string, string> & { Pages: { Page: Record<string, string>[] } };
    };
    const { Pages, ...fields } = info.ComicInfo;
    expect(fields).toMatchObject({
      Title: 'The Storm & the Sea',
      Series: '鉄の庭',
      Number: '12',
      Summary: '廃墟の庭で眠っていた巨大ロボットが目を覚ます。',
      Writer: '霧島 蓮, 南 ひかり',
      PageCount: '3',
      LanguageISO: 'ja',
      Manga: 'YesAndRightToLeft',
    });
    expect(Pages.Page).toEqual(
      sizes.map((size, index) => ({
        Image: String(index),
        ImageSize: String(size),
        ImageWidth: '720',
        ImageHeight: '1280',
      })),
    );
  });

  it('states no manga reading for a left-to-right work', async () => {
    const response = await download(`/opds/chapters/${ids.plainChapter}/cbz`);
    const zip = await entriesOf(response.rawPayload);
    const xml = (await zip.read('ComicInfo.xml')).toString('utf8');
    await zip.close();
    expect(xml).toContain('<Series>Left to Right</Series>');
    expect(xml).toContain('<LanguageISO>en</LanguageISO>');
    expect(xml).not.toContain('<Manga>');
  });

  it('is the same bytes every time, its entries dated with the chapter’s last change', async () => {
    const first = await download(`/opds/chapters/${ids.chapter}/cbz`);
    const second = await download(`/opds/chapters/${ids.chapter}/cbz`);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers['etag']).toBe(first.headers['etag']);
    expect(String(first.headers['etag'])).toMatch(/^"[^"]+"$/); // strong: no W/
    expect(first.headers['last-modified']).toBe(new Date(UPDATED * 1000).toUTCString());
    expect(new Set(entryDates(first.rawPayload))).toEqual(new Set(['2024-05-17T13:45:30.000Z']));

    // A change to the chapter is a new file: a new ETag, and the new date inside.
    const later = UPDATED + 86_400;
    await h.ctx.db
      .updateTable('chapters')
      .set({ updated_time: later })
      .where('id', '=', ids.chapter)
      .execute();
    const changed = await download(`/opds/chapters/${ids.chapter}/cbz`);
    expect(changed.headers['etag']).not.toBe(first.headers['etag']);
    expect(entryDates(changed.rawPayload)[0]).toBe('2024-05-18T13:45:30.000Z');
    await h.ctx.db
      .updateTable('chapters')
      .set({ updated_time: UPDATED })
      .where('id', '=', ids.chapter)
      .execute();
  });
});

describe('Range requests on downloads', () => {
  const cbz = () => `/opds/chapters/${ids.chapter}/cbz`;

  it('answers a byte range with 206 and the bytes of the whole file at that place', async () => {
    const whole = await download(cbz());
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = whole.rawPayload.length;
    const part = await download(cbz(), { range: 'bytes=100-299' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-299/${size}`);
    expect(part.headers['content-length']).toBe('200');
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 300))).toBe(true);
    // The rest of a broken download, and the last bytes alone.
    const rest = await download(cbz(), { range: `bytes=${size - 10}-` });
    expect(rest.rawPayload.equals(whole.rawPayload.subarray(size - 10))).toBe(true);
    const tail = await download(cbz(), { range: 'bytes=-22' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 22))).toBe(true);
  });

  it('answers a range past the end with 416 and the file size', async () => {
    const size = (await download(cbz())).rawPayload.length;
    const past = await download(cbz(), { range: `bytes=${size}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
    expect(past.rawPayload.length).toBe(0);
  });

  it('resumes with If-Range only while the ETag is the same, and answers If-None-Match with 304', async () => {
    const whole = await download(cbz());
    const etag = String(whole.headers['etag']);
    const resumed = await download(cbz(), { range: 'bytes=10-19', 'if-range': etag });
    expect(resumed.statusCode).toBe(206);
    const stale = await download(cbz(), { range: 'bytes=10-19', 'if-range': '"another-file"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(whole.rawPayload)).toBe(true);
    const cached = await download(cbz(), { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
  });

  it('checks the token and the chapter’s lock before any byte', async () => {
    const anonymous = await download(cbz(), { range: 'bytes=0-99' }, false);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-range']).toBeUndefined();
    const locked = await download(`/opds/chapters/${ids.locked}/cbz`, { range: 'bytes=0-99' });
    expect(locked.statusCode).toBe(403);
    expect(locked.headers['content-range']).toBeUndefined();
    expect(locked.body).toContain('VIP');
  });

  it('resumes an EPUB the same way, the same bytes every time, its entries dated', async () => {
    const path = `/opds/works/${ids.novel}/epub`;
    const whole = await download(path);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/epub+zip');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const again = await download(path);
    expect(again.rawPayload.equals(whole.rawPayload)).toBe(true);
    expect(entryDates(whole.rawPayload).every((date) => date === '2024-05-17T13:45:30.000Z')).toBe(true);
    const part = await download(path, { range: 'bytes=0-57', 'if-range': String(whole.headers['etag']) });
    expect(part.statusCode).toBe(206);
    // The OCF signature: `mimetype` stored first.
    expect(part.rawPayload.subarray(30, 58).toString('latin1')).toBe('mimetypeapplication/epub+zip');
  });
});
