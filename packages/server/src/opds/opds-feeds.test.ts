/**
 * The OPDS catalogue as an e-reader app meets it: a real listening server, driven over HTTP with
 * Basic auth by fetch and parsed by a real OPDS client library (opds-feed-parser, NYPL's parser
 * for the SimplyE reader), following navigation, `next` links and the OpenSearch template,
 * streaming PSE pages, and downloading EPUB and CBZ files that the project's own archive and EPUB
 * readers open. VIP rules and purchases are the app's: a VIP chapter does not stream to a non-VIP
 * token until the account is VIP, a coin chapter not until it is bought.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openArchive, readEpub } from '@dm51/library';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import opdsFeedParser, { type OPDSFeed } from 'opds-feed-parser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsHarness, uniqueEmail, type AccountsHarness } from '../testing/accounts.js';
import {
  buildChapter,
  buildComicPages,
  buildNovelChapter,
  buildWork,
  makeVip,
} from '../testing/catalogue-factory.js';
import { topUp } from '../testing/money-factory.js';
import { newKey } from '../testing/payments.js';
import type { TestSession } from '../testing/test-client.js';
import { basicFor, createAppToken, type CreatedToken } from '../testing/opds.js';

// A CommonJS package whose parser is its `default` export: plain Node hands over the whole module
// object (the parser under .default), Vitest's interop may hand over the parser itself.
type ParserClass = new () => { parse(xml: string): Promise<unknown> };
const parserModule = opdsFeedParser as unknown as ParserClass | { default: ParserClass };
const OPDSParser: ParserClass = typeof parserModule === 'function' ? parserModule : parserModule.default;

const ATOM_TYPE = /^application\/atom\+xml;profile=opds-catalog;kind=(navigation|acquisition)$/;
const PSE_REL = 'http://vaemendis.net/opds-pse/stream';
const ACQUISITION_REL = 'http://opds-spec.org/acquisition';

let h: AccountsHarness;
let base: string;
let alice: TestSession;
let aliceToken: CreatedToken;
let veraToken: CreatedToken;
const ids = { comic: 0, free: 0, vip: 0, coin: 0, novel: 0 };

const raw = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => ['entry', 'link'].includes(name),
});

interface RawLink {
  rel?: string;
  href: string;
  type: string;
  'pse:count'?: string;
}
interface RawEntry {
  id: string;
  title: string;
  content: { '#text': string } | string;
  link: RawLink[];
}

async function get(path: string, token: CreatedToken) {
  return fetch(new URL(path, base), { headers: { authorization: basicFor(token) } });
}

/** A feed fetched, checked well-formed and typed, and parsed by the client library and as raw XML. */
async function feed(path: string, token: CreatedToken) {
  const response = await get(path, token);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type'), path).toMatch(ATOM_TYPE);
  const xml = await response.text();
  expect(XMLValidator.validate(xml), path).toBe(true);
  const parsed = (await new OPDSParser().parse(xml)) as OPDSFeed;
  const document = raw.parse(xml) as {
    feed: { id: string; updated: string; entry?: RawEntry[]; link: RawLink[] };
  };
  return { parsed, raw: document.feed, kind: response.headers.get('content-type')!.split('kind=')[1]! };
}

const textOf = (entry: RawEntry) =>
  typeof entry.content === 'string' ? entry.content : entry.content['#text'];

beforeAll(async () => {
  h = await buildAccountsHarness();
  const { db, app, config } = h.ctx;
  const media = { store: app.media, xorKey: config.imageXorKey };
  const comic = await buildWork(db, media, {
    type: 0,
    title: '海贼王',
    authors: ['尾田荣一郎'],
    tags: ['冒险'],
    categories: ['冒险'],
    viewsTotal: 9000,
  });
  ids.comic = comic.id;
  const free = await buildChapter(db, { workId: comic.id, title: '第1话 免费' });
  await buildComicPages(db, media, free.id, { count: 3, width: 720, height: 1280 });
  const vip = await buildChapter(db, { workId: comic.id, title: '第2话 VIP', pay: 2 });
  await buildComicPages(db, media, vip.id, { count: 2, width: 720, height: 1280 });
  const coin = await buildChapter(db, { workId: comic.id, title: '第3话 付费', pay: 1, priceCoins: 5 });
  await buildComicPages(db, media, coin.id, { count: 1, width: 720, height: 1280 });
  Object.assign(ids, { free: free.id, vip: vip.id, coin: coin.id });
  // Enough comics for a second page of 20.
  for (let i = 0; i < 22; i += 1)
    await buildWork(db, media, { type: 0, title: `Comic ${i}`, categories: ['日常'] });

  const novel = await buildWork(db, media, {
    type: 1,
    title: '三体',
    authors: ['刘慈欣'],
    categories: ['科幻'],
  });
  ids.novel = novel.id;
  await buildNovelChapter(db, {
    workId: novel.id,
    title: '第一章 科学边界',
    text: '汪淼觉得，来找他的这四个人是一个奇怪的组合。',
  });
  await buildNovelChapter(db, {
    workId: novel.id,
    title: '第二章 射手和农场主',
    text: 'VIP 才能看到的正文：射手假说。',
    pay: 2,
  });
  await buildWork(db, media, { type: 2, title: '海贼王 动画版' });

  alice = await h.registerByEmail(uniqueEmail('alice'), 'password 1');
  aliceToken = await createAppToken(h, alice, 'KOReader');
  const vera = await h.registerByEmail(uniqueEmail('vera'), 'password 2');
  await makeVip(db, vera.userId);
  veraToken = await createAppToken(h, vera, 'Panels');

  base = await app.listen({ port: 0, host: '127.0.0.1' });
  // 27 works with rendered covers and pages take a while on a busy PostgreSQL.
}, 60_000);
afterAll(async () => h.close());

describe('OPDS catalogue', () => {
  it('parses everywhere and every link resolves, from the root through categories, new, popular and next pages', async () => {
    const seen = new Set<string>();
    const queue = [{ path: '/opds', type: 'application/atom+xml;profile=opds-catalog;kind=navigation' }];
    const downloads = new Set<string>();
    const kinds = new Map<string, string>();
    while (queue.length > 0) {
      const { path, type } = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const { parsed, raw: document, kind } = await feed(path, veraToken);
      kinds.set(path, kind);
      // The link that led here named the kind the feed has.
      expect(`application/atom+xml;profile=opds-catalog;kind=${kind}`, path).toBe(type);
      // OPDS 1.2: an acquisition feed's entries each carry an acquisition link; a navigation
      // feed's entries carry none.
      for (const entry of document.entry ?? []) {
        const acquires = entry.link.some((link) => (link.rel ?? '').startsWith(ACQUISITION_REL));
        expect(acquires, `${path} ${entry.title}`).toBe(kind === 'acquisition');
      }
      expect(parsed.id, path).toMatch(/^urn:dm51:/);
      expect(parsed.title, path).not.toBe('');
      expect(Date.parse(document.updated), path).not.toBeNaN();
      expect(parsed.links.find((link) => link.rel === 'self')?.href, path).toBe(path);
      expect(
        parsed.links.some((link) => link.rel === 'start' && link.href === '/opds'),
        path,
      ).toBe(true);
      expect(
        parsed.links.some((link) => link.rel === 'search' && link.href === '/opds/search.xml'),
        path,
      ).toBe(true);
      for (const link of [...parsed.links, ...parsed.entries.flatMap((entry) => entry.links)]) {
        if (link.href.includes('{')) continue; // PSE templates are followed in their own test
        if (ATOM_TYPE.test(link.type)) queue.push({ path: link.href, type: link.type });
        else if (link.type !== 'text/html' && link.rel !== 'search')
          downloads.add(`${link.href} ${link.type}`);
      }
      for (const entry of parsed.entries) {
        expect(entry.id, path).toMatch(/^urn:dm51:/);
        expect(Date.parse(entry.updated), path).not.toBeNaN();
      }
    }
    expect(seen.size).toBeGreaterThan(12);
    expect(kinds.get('/opds/comics/new')).toBe('navigation');
    expect(kinds.get('/opds/novels/new')).toBe('acquisition');
    expect(kinds.get(`/opds/works/${ids.comic}`)).toBe('acquisition');
    // Root, 2 kinds, their categories, 3 categories, new/popular with a second comic page, works.
    for (const expected of [
      '/opds/comics',
      '/opds/novels',
      '/opds/comics/categories',
      '/opds/comics/new?page=2',
      '/opds/comics/popular?page=2',
      `/opds/works/${ids.comic}`,
    ]) {
      expect(seen).toContain(expected);
    }
    for (const download of downloads) {
      const [href, type] = download.split(' ') as [string, string];
      const response = await get(href, veraToken);
      expect(response.status, href).toBe(200);
      expect(response.headers.get('content-type'), href).toBe(type);
      expect((await response.arrayBuffer()).byteLength, href).toBeGreaterThan(100);
    }
    expect([...downloads].some((d) => d.includes('application/epub+zip'))).toBe(true);
    expect([...downloads].some((d) => d.includes('application/vnd.comicbook+zip'))).toBe(true);
    expect([...downloads].some((d) => d.includes('/opds/covers/'))).toBe(true);
  }, 60_000);

  it('pages works 20 at a time with next links and OpenSearch counts', async () => {
    const first = await feed('/opds/comics/new', aliceToken);
    expect(first.parsed.entries).toHaveLength(20);
    expect(first.parsed.search.totalResults).toBe(23);
    const next = first.parsed.links.find((link) => link.rel === 'next')!;
    expect(next.href).toBe('/opds/comics/new?page=2');
    const second = await feed(next.href, aliceToken);
    expect(second.parsed.entries).toHaveLength(3);
    expect(second.parsed.links.find((link) => link.rel === 'next')).toBeUndefined();
    const titles = new Set([...first.parsed.entries, ...second.parsed.entries].map((entry) => entry.title));
    expect(titles.size).toBe(23);
  });

  it('lists a work with its author, summary, cover and thumbnail (a real JPEG no wider than asked)', async () => {
    const popular = await feed('/opds/comics/popular', aliceToken);
    const top = popular.parsed.entries[0]!;
    expect(top.title).toBe('海贼王');
    expect(top.authors.map((author) => author.name)).toEqual(['尾田荣一郎']);
    expect(top.summary.content).toContain('The story of 海贼王');
    const thumbnail = top.links.find((link) => link.rel === 'http://opds-spec.org/image/thumbnail')!;
    const image = Buffer.from(await (await get(thumbnail.href, aliceToken)).arrayBuffer());
    const meta = await sharp(image).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBeLessThanOrEqual(240);
  });

  it('searches through the OpenSearch description, and says anime is for the app', async () => {
    const description = await get('/opds/search.xml', aliceToken);
    expect(description.headers.get('content-type')).toBe('application/opensearchdescription+xml');
    const osd = raw.parse(await description.text()) as {
      OpenSearchDescription: { Url: { template: string; type: string } };
    };
    expect(osd.OpenSearchDescription.Url.type).toMatch(ATOM_TYPE);
    // Absolute, on the address the app used: OpenSearch clients do not resolve templates.
    expect(osd.OpenSearchDescription.Url.template).toBe(`${base}/opds/search?q={searchTerms}`);
    const url = osd.OpenSearchDescription.Url.template.replace('{searchTerms}', encodeURIComponent('海贼'));
    const results = await feed(url, aliceToken);
    expect(results.kind).toBe(osd.OpenSearchDescription.Url.type.split('kind=')[1]);
    const titles = results.parsed.entries.map((entry) => entry.title);
    expect(titles).toContain('海贼王');
    expect(titles).toContain('海贼王 动画版');
    const anime = results.raw.entry!.find((entry) => entry.title === '海贼王 动画版')!;
    expect(textOf(anime)).toContain('watch it in the 51动漫 app');
    expect(anime.link.some((link) => /acquisition|subsection/.test(link.rel ?? ''))).toBe(false);
    const empty = await get('/opds/search?q=', aliceToken);
    expect(empty.status).toBe(400);
  });

  it('streams PSE pages of readable chapters, scaled to maxWidth', async () => {
    const chapters = await feed(`/opds/works/${ids.comic}`, aliceToken);
    const free = chapters.raw.entry!.find((entry) => entry.id === `urn:dm51:chapter:${ids.free}`)!;
    const stream = free.link.find((link) => link.rel === PSE_REL)!;
    expect(stream['pse:count']).toBe('3');
    expect(stream.href).toContain('{pageNumber}');
    const pages = [];
    for (let page = 0; page < 3; page += 1) {
      const response = await get(
        stream.href.replace('{pageNumber}', String(page)).replace('{maxWidth}', '360'),
        aliceToken,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      pages.push(await sharp(Buffer.from(await response.arrayBuffer())).metadata());
    }
    expect(pages.map((meta) => [meta.width, meta.height])).toEqual([
      [360, 640],
      [360, 640],
      [360, 640],
    ]);
    const past = await get(stream.href.replace('{pageNumber}', '3').replace('{maxWidth}', '360'), aliceToken);
    expect(past.status).toBe(404);
  });

  it('does not stream a VIP chapter to a non-VIP token, and does once the account is VIP', async () => {
    const chapters = await feed(`/opds/works/${ids.comic}`, aliceToken);
    // Locked chapters are left out (an acquisition feed lists only what can be acquired).
    const listed = chapters.raw.entry!.map((entry) => entry.id);
    expect(listed).toContain(`urn:dm51:chapter:${ids.free}`);
    expect(listed).not.toContain(`urn:dm51:chapter:${ids.vip}`);
    expect(chapters.parsed.search.totalResults).toBe(listed.length);
    const direct = `/opds/chapters/${ids.vip}/pages/0?maxWidth=600`;
    const refused = await get(direct, aliceToken);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('become a VIP');
    expect((await get(`/opds/chapters/${ids.vip}/cbz`, aliceToken)).status).toBe(403);

    const asVip = await feed(`/opds/works/${ids.comic}`, veraToken);
    const open = asVip.raw.entry!.find((entry) => entry.id === `urn:dm51:chapter:${ids.vip}`)!;
    expect(open.link.find((link) => link.rel === PSE_REL)?.['pse:count']).toBe('2');
    expect((await get(direct, veraToken)).status).toBe(200);
  });

  it('streams a coin chapter only after the account bought it in the app, and never spends coins itself', async () => {
    const { app, db } = h.ctx;
    const page = `/opds/chapters/${ids.coin}/pages/0`;
    await topUp(db, app.services.money, alice.userId, { coins: 50 });
    // Auto-unlock on: the app's reader would buy the chapter on opening; an e-reader never does.
    const auto = await h.call('/v3/book_buy/auto', { work_id: ids.comic, enabled: 1 }, { session: alice });
    expect(auto.code).toBe(1);
    const coins = async () =>
      Number(
        (
          await db
            .selectFrom('users')
            .select('coins')
            .where('id', '=', alice.userId)
            .executeTakeFirstOrThrow()
        ).coins,
      );
    expect(await coins()).toBe(50);
    const refused = await get(page, aliceToken);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('unlock it with coins');
    expect(await coins()).toBe(50);

    const bought = await h.call(
      '/v3/comic/buy',
      { chapter_id: ids.coin, count: 1, idempotency_key: newKey() },
      { session: alice },
    );
    expect(bought.code).toBe(1);
    expect((await get(page, aliceToken)).status).toBe(200);
    const chapters = await feed(`/opds/works/${ids.comic}`, aliceToken);
    const entry = chapters.raw.entry!.find((e) => e.id === `urn:dm51:chapter:${ids.coin}`)!;
    expect(entry.link.some((link) => link.rel === PSE_REL)).toBe(true);
  });

  it('downloads a comic chapter as CBZ with its pages in order', async () => {
    const response = await get(`/opds/chapters/${ids.free}/cbz`, aliceToken);
    expect(response.headers.get('content-disposition')).toContain('.cbz');
    const path = join(mkdtempSync(join(tmpdir(), 'opds-cbz-')), 'chapter.cbz');
    writeFileSync(path, Buffer.from(await response.arrayBuffer()));
    const archive = await openArchive(path);
    const { entries } = await archive.list();
    expect(entries.map((entry) => entry.name)).toEqual(['0001.jpg', '0002.jpg', '0003.jpg', 'ComicInfo.xml']);
    expect((await sharp(await archive.read('0001.jpg')).metadata()).width).toBe(720);
    await archive.close();
  });

  it('assembles a novel EPUB of the chapters the account may read, naming the ones left out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'opds-epub-'));
    const read = async (token: CreatedToken, name: string) => {
      const response = await get(`/opds/works/${ids.novel}/epub`, token);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/epub+zip');
      const path = join(dir, name);
      writeFileSync(path, Buffer.from(await response.arrayBuffer()));
      return readEpub(path);
    };
    const plain = await read(aliceToken, 'alice.epub');
    expect(plain.metadata.title).toBe('三体');
    expect(plain.chapters.map((chapter) => chapter.title)).toEqual([
      '第一章 科学边界',
      'Not included 未包含的章节',
    ]);
    expect(plain.chapters[0]!.text).toContain('奇怪的组合');
    expect(plain.chapters.map((chapter) => chapter.text).join('\n')).not.toContain('射手假说');
    expect(plain.chapters[1]!.text).toContain('第二章 射手和农场主');

    const vip = await read(veraToken, 'vera.epub');
    expect(vip.chapters.map((chapter) => chapter.title)).toEqual(['第一章 科学边界', '第二章 射手和农场主']);
    expect(vip.chapters[1]!.text).toContain('射手假说');
  });

  it('answers unknown works and bad parameters with 404 and 400', async () => {
    expect((await get('/opds/works/999999', aliceToken)).status).toBe(404);
    expect((await get('/opds/no/such/feed', aliceToken)).status).toBe(404);
    expect((await get('/opds/works/999999/epub', aliceToken)).status).toBe(404);
    expect((await get('/opds/anime', aliceToken)).status).toBe(400);
    expect((await get('/opds/comics/new?page=0', aliceToken)).status).toBe(400);
    expect((await get('/opds/comics/categories/999999', aliceToken)).status).toBe(404);
  });
});

describe('OPDS 2.0 (JSON)', () => {
  /** The rules of the OPDS 2.0 feed and publication schemas (opds-community/specs), checked here. */
  const ACQUISITION_RELS = [
    'http://opds-spec.org/acquisition',
    'http://opds-spec.org/acquisition/buy',
    'http://opds-spec.org/acquisition/open-access',
  ];
  interface Link2 {
    href: string;
    type: string;
    rel?: string;
    title?: string;
    templated?: boolean;
  }
  interface Publication2 {
    metadata: { title: string; identifier: string; modified: string; author?: { name: string }[] };
    links: Link2[];
    images?: Link2[];
  }
  interface Feed2 {
    metadata: { title: string; numberOfItems?: number };
    links: Link2[];
    navigation?: Link2[];
    publications?: Publication2[];
  }

  async function feed2(path: string, token: CreatedToken): Promise<Feed2> {
    const response = await get(path, token);
    expect(response.status, path).toBe(200);
    expect(response.headers.get('content-type'), path).toMatch(/^application\/opds\+json(; charset=utf-8)?$/);
    const body = (await response.json()) as Feed2;
    expect(typeof body.metadata.title, path).toBe('string');
    expect(
      body.links.filter((link) => link.rel === 'self').map((link) => link.href),
      path,
    ).toEqual([path]);
    expect(Boolean(body.navigation?.length) || Boolean(body.publications?.length), path).toBe(true);
    for (const link of body.navigation ?? []) {
      expect(link.title, path).toBeTruthy();
      expect(link.href, path).toMatch(/^\/opds\/v2/);
    }
    for (const publication of body.publications ?? []) {
      expect(publication.metadata.title, path).toBeTruthy();
      expect(Date.parse(publication.metadata.modified), path).not.toBeNaN();
      expect(
        publication.links.some((link) => ACQUISITION_RELS.includes(link.rel ?? '')),
        path,
      ).toBe(true);
      if (publication.images)
        expect(publication.images.some((image) => image.type === 'image/jpeg')).toBe(true);
    }
    return body;
  }

  it('serves the same catalogue as JSON, every feed and download resolving', async () => {
    const seen = new Set<string>();
    const queue = ['/opds/v2'];
    const downloads = new Set<string>();
    while (queue.length > 0) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const body = await feed2(path, veraToken);
      const links = [
        ...body.links,
        ...(body.navigation ?? []),
        ...(body.publications ?? []).flatMap((publication) => [
          ...publication.links,
          ...(publication.images ?? []),
        ]),
      ];
      for (const link of links) {
        if (link.templated) continue;
        if (link.type === 'application/opds+json') queue.push(link.href);
        else if (link.type !== 'text/html') downloads.add(`${link.href} ${link.type}`);
      }
    }
    expect(seen).toContain('/opds/v2/comics/new?page=2');
    expect(seen).toContain(`/opds/v2/works/${ids.comic}`);
    for (const download of downloads) {
      const [href, type] = download.split(' ') as [string, string];
      const response = await get(href, veraToken);
      expect(response.status, href).toBe(200);
      expect(response.headers.get('content-type'), href).toBe(type);
    }
    expect([...downloads].some((d) => d.includes('application/epub+zip'))).toBe(true);
    expect([...downloads].some((d) => d.includes('application/vnd.comicbook+zip'))).toBe(true);
  }, 60_000);

  it('searches with the templated link and leaves out chapters the token may not read', async () => {
    const root = await feed2('/opds/v2', aliceToken);
    const search = root.links.find((link) => link.rel === 'search')!;
    expect(search.templated).toBe(true);
    const results = await feed2(
      search.href.replace('{?query}', `?query=${encodeURIComponent('三体')}`),
      aliceToken,
    );
    // Search results mix kinds, so each hit leads to its work's feed, where the EPUB is.
    const hit = results.navigation!.find((link) => link.title === '三体')!;
    expect(hit.href).toBe(`/opds/v2/works/${ids.novel}`);
    const work = await feed2(hit.href, aliceToken);
    expect(work.publications![0]!.links.map((link) => link.type)).toEqual(['application/epub+zip']);

    const chapterIds = async (token: CreatedToken) =>
      (await feed2(`/opds/v2/works/${ids.comic}`, token)).publications!.map((p) => p.metadata.identifier);
    // Alice bought the coin chapter in the test before; the VIP one is not hers to read.
    expect(await chapterIds(aliceToken)).not.toContain(`urn:dm51:chapter:${ids.vip}`);
    expect(await chapterIds(veraToken)).toContain(`urn:dm51:chapter:${ids.vip}`);
    const chapters = await feed2(`/opds/v2/works/${ids.comic}`, aliceToken);
    const free = chapters.publications!.find(
      (p) => p.metadata.identifier === `urn:dm51:chapter:${ids.free}`,
    )!;
    expect(free.links.map((link) => link.type)).toEqual(['application/vnd.comicbook+zip']);
  });
});
