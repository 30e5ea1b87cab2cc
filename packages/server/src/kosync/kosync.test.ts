/**
 * KOReader's progress sync as KOReader meets it: a client that speaks kosync (x-auth-user and
 * x-auth-key headers, JSON bodies) against files a reader really holds — corpus CBZ and EPUB
 * files from the library copied to the device, a generated PDF, and the server's own CBZ and EPUB
 * downloads — identified by KOReader's partial MD5 (known answers computed here by dd and md5sum,
 * not by the server's code) or by their file name. Progress maps both ways: pages for CBZ and
 * PDF, xpointers (spine document and paragraph) for EPUB.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { openArchive } from '@dm51/library';
import { buildPdf } from '@dm51/library/testing/pdf-builder';
import { XMLParser } from 'fast-xml-parser';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusPath } from '../import/testing/library-fixtures.js';
import { buildAccountsHarness, uniqueEmail, type AccountsHarness } from '../testing/accounts.js';
import { buildChapter, buildNovelChapter, buildWork } from '../testing/catalogue-factory.js';
import { importInto } from '../testing/import-into.js';
import { basicFor, createAppToken, type CreatedToken } from '../testing/opds.js';
import type { TestSession } from '../testing/test-client.js';
import { shellPartialMd5, shellPartialMd5Of } from '../testing/koreader.js';

const CBZ = corpusPath('comics/comicbox/Captain Science #001.cbz');
const EPUB = corpusPath(
  'epub/kavita/The Golden Harpoon; Or, Lost Among the Floes A Story of the Whaling Grounds.epub',
);
const dir = mkdtempSync(join(tmpdir(), 'kosync-'));
const pdfPath = join(dir, 'pdf', 'Paper Harbor', 'Paper Harbor c001.pdf');

let h: AccountsHarness;
let reader: TestSession;
let other: TestSession;
let token: CreatedToken;
let otherToken: CreatedToken;

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

interface Reply {
  status: number;
  type: string | undefined;
  body: Record<string, unknown>;
}

/** A request as KOReader's kosync client makes it. */
async function kosync(
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  options: {
    auth?: CreatedToken | null;
    user?: string;
    key?: string;
    body?: unknown;
    raw?: string;
    ip?: string;
  } = {},
): Promise<Reply> {
  const auth = options.auth === undefined ? token : options.auth;
  const headers: Record<string, string> = { accept: 'application/vnd.koreader.v1+json' };
  if (auth) {
    headers['x-auth-user'] = options.user ?? auth.username;
    headers['x-auth-key'] = options.key ?? md5(auth.secret);
  }
  const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const response = await h.ctx.app.inject({
    method,
    url: `/kosync${path}`,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    remoteAddress: options.ip ?? '198.51.100.7',
  });
  return {
    status: response.statusCode,
    type: response.headers['content-type'] as string | undefined,
    body: response.body ? (JSON.parse(response.body) as Record<string, unknown>) : {},
  };
}

const push = (
  document: string,
  progress: string,
  percentage: number,
  device = 'Kobo Clara',
  auth?: CreatedToken,
) =>
  kosync('PUT', '/syncs/progress', {
    ...(auth ? { auth } : {}),
    body: { document, progress, percentage, device, device_id: `${device}-id` },
  });
const pull = (document: string, auth?: CreatedToken) =>
  kosync('GET', `/syncs/progress/${document}`, auth ? { auth } : {});

async function history(session: TestSession) {
  const result = await h.call<{ list: { relate_id: number; read: Record<string, unknown> }[] }>(
    '/v3/read/index',
    { type: -1 },
    { session },
  );
  return result.data!.list;
}

async function chapterOf(pathEnd: string) {
  const rows = await h.ctx.db
    .selectFrom('chapters')
    .select(['id', 'work_id', 'source_path', 'title'])
    .where('source_path', 'like', `%${pathEnd}%`)
    .orderBy('source_path')
    .execute();
  expect(rows.length, pathEnd).toBeGreaterThan(0);
  return rows;
}

async function opds(path: string, auth = token) {
  const response = await h.ctx.app.inject({
    method: 'GET',
    url: path,
    headers: { authorization: basicFor(auth) },
  });
  expect(response.statusCode, path).toBe(200);
  return response;
}

beforeAll(async () => {
  h = await buildAccountsHarness();
  mkdirSync(join(dir, 'pdf', 'Paper Harbor'), { recursive: true });
  writeFileSync(
    pdfPath,
    await buildPdf(Array.from({ length: 4 }, (_, i) => ({ type: 'jpeg', size: [800, 1200], hue: i * 5 }))),
  );
  const comics = join(dir, 'comics', 'Captain Science');
  mkdirSync(comics, { recursive: true });
  // One CBZ of the corpus folder is enough, and its name is what the reader has on the device.
  copyFileSync(CBZ, join(comics, basename(CBZ)));
  const novels = join(dir, 'novels');
  mkdirSync(novels, { recursive: true });
  copyFileSync(EPUB, join(novels, basename(EPUB)));
  for (const root of ['comics', 'novels', 'pdf']) {
    const summary = await importInto(h.ctx, join(dir, root));
    expect(summary.files.failed, root).toBe(0);
    expect(summary.files.imported, root).toBe(1);
  }
  reader = await h.registerByEmail(uniqueEmail('kobo'), 'password 1');
  other = await h.registerByEmail(uniqueEmail('kindle'), 'password 2');
  token = await createAppToken(h, reader, 'Kobo');
  otherToken = await createAppToken(h, other, 'Kindle');
}, 180_000);
afterAll(async () => h.close());

describe('signing in', () => {
  it('accepts the user ID with the MD5 of an app token, and answers exactly application/json', async () => {
    const ok = await kosync('GET', '/users/auth');
    expect(ok).toEqual({ status: 200, type: 'application/json', body: { authorized: 'OK' } });
  });

  it('refuses a wrong key, a missing header, another account’s token and a revoked token', async () => {
    const refused = { status: 401, type: 'application/json', body: { code: 2001, message: 'Unauthorized' } };
    const ip = '198.51.100.20';
    expect(await kosync('GET', '/users/auth', { key: md5('dm51_wrong'), ip })).toEqual(refused);
    expect(await kosync('GET', '/users/auth', { auth: null, ip })).toEqual(refused);
    // The other reader's token under this reader's ID, and this reader's raw token as the key.
    expect(
      await kosync('GET', '/users/auth', { user: token.username, key: md5(otherToken.secret), ip }),
    ).toEqual(refused);
    expect(await kosync('GET', '/users/auth', { key: token.secret, ip })).toEqual(refused);
    const spare = await createAppToken(h, reader, 'Spare');
    expect((await kosync('GET', '/users/auth', { auth: spare, ip })).status).toBe(200);
    await h.call('/v3/opds/token_revoke', { id: spare.id }, { session: reader });
    expect(await kosync('GET', '/users/auth', { auth: spare, ip })).toEqual(refused);
  });

  it('works only with tokens made since sync exists, and says so on the token list', async () => {
    const old = await createAppToken(h, reader, 'Old');
    await h.ctx.db.updateTable('app_tokens').set({ sync_key_hash: '' }).where('id', '=', old.id).execute();
    expect((await kosync('GET', '/users/auth', { auth: old, ip: '198.51.100.21' })).status).toBe(401);
    const list = await h.call<{ kosync_path: string; list: { id: number; kosync: boolean }[] }>(
      '/v3/opds/tokens',
      {},
      { session: reader },
    );
    expect(list.data!.kosync_path).toBe('/kosync');
    expect(list.data!.list.find((item) => item.id === old.id)?.kosync).toBe(false);
    expect(list.data!.list.find((item) => item.id === token.id)?.kosync).toBe(true);
  });

  it('refuses to make accounts, pointing at the app', async () => {
    const created = await kosync('POST', '/users/create', {
      auth: null,
      body: { username: 'kobo', password: md5('x') },
    });
    expect(created.status).toBe(402);
    expect(created.type).toBe('application/json');
    expect(created.body).toMatchObject({ code: 2002 });
    expect(String(created.body['message'])).toMatch(/app/);
  });

  it('makes failed sign-ins from one address wait, as OPDS does', async () => {
    const ip = '198.51.100.99';
    for (let i = 0; i < 20; i++)
      expect((await kosync('GET', '/users/auth', { key: md5(`no ${i}`), ip })).status).toBe(401);
    const limited = await kosync('GET', '/users/auth', { ip });
    expect(limited.status).toBe(429);
    expect(limited.type).toBe('application/json');
  });
});

describe('bad input changes nothing', () => {
  it('answers malformed bodies with KOReader’s codes', async () => {
    const document = md5('bad input');
    const missing = await kosync('PUT', '/syncs/progress', { body: { document, progress: '3' } });
    expect(missing).toMatchObject({ status: 403, type: 'application/json', body: { code: 2003 } });
    const noDocument = await kosync('PUT', '/syncs/progress', {
      body: { progress: '3', percentage: 0.1, device: 'x', device_id: 'y' },
    });
    expect(noDocument).toMatchObject({ status: 403, body: { code: 2004 } });
    expect(await kosync('PUT', '/syncs/progress', { raw: '{"document":' })).toMatchObject({
      status: 403,
      body: { code: 2003 },
    });
    const wrongType = await kosync('PUT', '/syncs/progress', {
      body: { document, progress: '3', percentage: 'half', device: 'x', device_id: 'y' },
    });
    expect(wrongType).toMatchObject({ status: 403, body: { code: 2003 } });
    const huge = await kosync('PUT', '/syncs/progress', {
      raw: JSON.stringify({ document, progress: 'x'.repeat(40_000) }),
    });
    expect(huge).toMatchObject({ status: 403, body: { code: 2003 } });
    expect(await pull(document)).toEqual({ status: 200, type: 'application/json', body: {} });
  });

  it('answers an unknown document with {} and keeps what KOReader pushes for it between devices', async () => {
    const document = md5('a book the server does not have');
    expect((await pull(document)).body).toEqual({});
    expect((await push(document, '/body/DocFragment[2]/body/p[4]/text().0', 0.25)).status).toBe(200);
    expect((await pull(document)).body).toMatchObject({
      document,
      progress: '/body/DocFragment[2]/body/p[4]/text().0',
      percentage: 0.25,
      device: 'Kobo Clara',
    });
    // Another account never sees it.
    expect((await pull(document, otherToken)).body).toEqual({});
  });
});

describe('a CBZ from the library, copied to the e-reader', () => {
  it('is found by its partial MD5 and its file name, and pages map both ways', async () => {
    const [chapter] = await chapterOf('Captain Science #001.cbz');
    const binary = shellPartialMd5(CBZ);
    expect(binary).toMatch(/^[0-9a-f]{32}$/);
    const pushed = await push(binary, '3', 0.14);
    expect(pushed.status).toBe(200);
    expect(pushed.type).toBe('application/json');
    expect(pushed.body).toEqual({ document: binary, timestamp: expect.any(Number) });

    const place = (await history(reader)).find((item) => item.relate_id === chapter!.work_id)!;
    expect(place.read).toMatchObject({ chapter_id: chapter!.id, page_index: 2, synced_from: 'Kobo Clara' });

    // The app reads on to page 5 (index 4): KOReader pulls that, by either id.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await h.call(
      '/v3/read/add',
      { id: chapter!.work_id, chapter_id: chapter!.id, page_index: 4, percent: 90 },
      { session: reader },
    );
    for (const document of [binary, md5(basename(CBZ))]) {
      const pulled = await pull(document);
      expect(pulled.body, document).toMatchObject({ document, progress: '5', device: '51动漫' });
      expect(Number(pulled.body['percentage'])).toBeGreaterThan(0);
    }
    expect(
      (await history(reader)).find((item) => item.relate_id === chapter!.work_id)!.read['synced_from'],
    ).toBe('');
  });

  it('never reaches another account’s place', async () => {
    const [chapter] = await chapterOf('Captain Science #001.cbz');
    await push(shellPartialMd5(CBZ), '2', 0.05, 'Kindle', otherToken);
    expect((await history(other)).find((item) => item.relate_id === chapter!.work_id)!.read).toMatchObject({
      page_index: 1,
      synced_from: 'Kindle',
    });
    expect(
      (await history(reader)).find((item) => item.relate_id === chapter!.work_id)!.read['page_index'],
    ).toBe(4);
  });
});

describe('files imported before sync existed', () => {
  it('get their ids on the next scan, without being imported again', async () => {
    const [chapter] = await chapterOf('Captain Science #001.cbz');
    await h.ctx.db
      .updateTable('library_files')
      .set({ partial_md5: '', name_md5: '' })
      .where('path', 'like', '%Captain Science #001.cbz')
      .execute();
    const summary = await importInto(h.ctx, join(dir, 'comics'));
    expect(summary.files).toMatchObject({ unchanged: 1, imported: 0 });
    const row = await h.ctx.db
      .selectFrom('library_files')
      .select(['partial_md5', 'name_md5', 'chapter_id'])
      .where('path', 'like', '%Captain Science #001.cbz')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      partial_md5: shellPartialMd5(CBZ),
      name_md5: md5(basename(CBZ)),
      chapter_id: chapter!.id,
    });
  });
});

describe('a PDF from the library', () => {
  it('maps KOReader’s page to the page of the imported chapter and back', async () => {
    const [chapter] = await chapterOf('Paper Harbor c001.pdf');
    const document = shellPartialMd5(pdfPath);
    expect((await push(document, '3', 0.75, 'PocketBook')).status).toBe(200);
    const place = (await history(reader)).find((item) => item.relate_id === chapter!.work_id)!;
    expect(place.read).toMatchObject({ chapter_id: chapter!.id, page_index: 2, synced_from: 'PocketBook' });
    // KOReader's own push is the newest place: it pulls back what it wrote.
    expect((await pull(document)).body).toMatchObject({ progress: '3', device: 'PocketBook' });
    // Past the end is the last page.
    await push(document, '40', 1, 'PocketBook');
    expect(
      (await history(reader)).find((item) => item.relate_id === chapter!.work_id)!.read['page_index'],
    ).toBe(3);
  });
});

describe('the server’s own CBZ download', () => {
  it('is known by the partial MD5 of the bytes served and by the name it was offered under', async () => {
    const [chapter] = await chapterOf('Captain Science #001.cbz');
    const response = await opds(`/opds/chapters/${chapter!.id}/cbz`);
    const served = Buffer.from(response.rawPayload);
    const document = shellPartialMd5Of(served, dir);
    // The download is not the library file (plain JPEG pages, a ComicInfo.xml), so its id differs.
    expect(document).not.toBe(shellPartialMd5(CBZ));
    expect((await push(document, '4', 0.2, 'Kobo Libra')).status).toBe(200);
    expect((await history(reader)).find((item) => item.relate_id === chapter!.work_id)!.read).toMatchObject({
      chapter_id: chapter!.id,
      page_index: 3,
      synced_from: 'Kobo Libra',
    });
    const offered = /filename\*=UTF-8''(.+)$/.exec(String(response.headers['content-disposition']))![1]!;
    expect((await pull(md5(decodeURIComponent(offered)))).body).toMatchObject({ progress: '4' });
  });
});

/** The spine documents of an EPUB in order (archive paths), read with the test's own OPF parsing. */
async function spineOf(
  path: string,
): Promise<{ read: (name: string) => Promise<string>; spine: string[]; close: () => Promise<void> }> {
  const archive = await openArchive(path);
  const read = async (name: string) => (await archive.read(name)).toString('utf8');
  const xml = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    removeNSPrefix: true,
    isArray: (n) => ['item', 'itemref', 'rootfile'].includes(n),
  });
  const container = xml.parse(await read('META-INF/container.xml')) as {
    container: { rootfiles: { rootfile: { 'full-path': string }[] } };
  };
  const opfPath = container.container.rootfiles.rootfile[0]!['full-path'];
  const opf = xml.parse(await read(opfPath)) as {
    package: {
      manifest: { item: { id: string; href: string; 'media-type': string }[] };
      spine: { itemref: { idref: string }[] };
    };
  };
  const base = opfPath.includes('/') ? opfPath.slice(0, opfPath.lastIndexOf('/') + 1) : '';
  const items = new Map(opf.package.manifest.item.map((item) => [item.id, item]));
  const spine = opf.package.spine.itemref
    .map((ref) => items.get(ref.idref)!)
    .filter((item) => item['media-type'] === 'application/xhtml+xml')
    .map((item) => base + decodeURIComponent(item.href));
  return { read, spine, close: () => archive.close() };
}

/** The elements of `body` named by an xpointer's path below `/body/DocFragment[n]/body`. */
function elementAt(xhtml: string, path: string): Element | null {
  const doc = parseDocument(xhtml, { xmlMode: true });
  let node: Element | null = DomUtils.findOne((e) => e.name === 'body', doc.children) as Element | null;
  for (const step of path.split('/').filter(Boolean)) {
    if (step.startsWith('text()')) break;
    const [, name, index] = /^([a-z0-9]+)(?:\[(\d+)\])?$/.exec(step)!;
    node =
      (node?.children.filter((c) => c.type === 'tag' && (c as Element).name === name)[
        Number(index ?? 1) - 1
      ] as Element) ?? null;
  }
  return node;
}

const squash = (text: string) => text.replace(/\s+/g, '');

describe('an EPUB from the library', () => {
  it('maps a spine document and paragraph to the chapter and the words the app shows, and back', async () => {
    const book = await spineOf(EPUB);
    const chapters = await chapterOf('The Golden Harpoon');
    const texts = new Map(
      (
        await h.ctx.db
          .selectFrom('novel_texts')
          .select(['chapter_id', 'text'])
          .where(
            'chapter_id',
            'in',
            chapters.map((c) => c.id),
          )
          .execute()
      ).map((row) => [row.chapter_id, row.text]),
    );
    // A spine document deep in the book with a good number of paragraphs.
    const fragment = Math.min(book.spine.length, 8);
    const xhtml = await book.read(book.spine[fragment - 1]!);
    const paragraphs = DomUtils.findAll(
      (e) => e.name === 'p' && squash(DomUtils.textContent(e)).length > 40,
      parseDocument(xhtml, { xmlMode: true }).children,
    );
    const target = paragraphs[Math.floor(paragraphs.length / 2)]!;
    const words = squash(DomUtils.textContent(target)).slice(0, 30);
    // Its path below the body, as crengine writes it.
    const steps: string[] = [];
    for (let node: Element = target; node.name !== 'body'; node = node.parent as Element) {
      const same = (node.parent as Element).children.filter(
        (c) => c.type === 'tag' && (c as Element).name === node.name,
      );
      steps.unshift(same.length > 1 ? `${node.name}[${same.indexOf(node) + 1}]` : node.name);
    }
    const pointer = `/body/DocFragment[${fragment}]/body/${steps.join('/')}/text().0`;
    const document = shellPartialMd5(EPUB);
    expect((await push(document, pointer, 0.4, 'Kobo Clara')).status).toBe(200);

    const expected = chapters.find((c) => squash(texts.get(c.id) ?? '').includes(words))!;
    expect(expected).toBeDefined();
    const place = (await history(reader)).find((item) => item.relate_id === expected.work_id)!;
    expect(place.read).toMatchObject({ chapter_id: expected.id, synced_from: 'Kobo Clara' });
    const text = texts.get(expected.id)!;
    expect(squash(text.slice(Number(place.read['position']))).startsWith(words)).toBe(true);

    // The app moves to another paragraph of that chapter: KOReader pulls an xpointer to it.
    const later = paragraphs[paragraphs.length - 2]!;
    const laterWords = squash(DomUtils.textContent(later)).slice(0, 30);
    let position = 0;
    for (let i = 0; i < text.length; i++)
      if (squash(text.slice(i)).startsWith(laterWords)) {
        position = i;
        break;
      }
    expect(position).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await h.call(
      '/v3/book_read/add',
      { id: expected.work_id, chapter_id: expected.id, position, percent: 80 },
      { session: reader },
    );
    const pulled = await pull(document);
    const progress = String(pulled.body['progress']);
    const match = /^\/body\/DocFragment\[(\d+)\]\/body(\/.*)$/.exec(progress)!;
    expect(Number(match[1])).toBe(fragment);
    const element = elementAt(await book.read(book.spine[fragment - 1]!), match[2]!)!;
    expect(squash(DomUtils.textContent(element)).startsWith(laterWords)).toBe(true);
    // The file name method finds the same book.
    expect((await pull(md5(basename(EPUB)))).body['progress']).toBe(progress);
    await book.close();
  });
});

describe('an EPUB the server made (chapters still locked for this account)', () => {
  it('knows its spine: each included chapter, then the closing page', async () => {
    const { db, app, config } = h.ctx;
    const work = await buildWork(
      db,
      { store: app.media, xorKey: config.imageXorKey },
      { type: 1, title: 'River Town', authors: ['Shen Lan'] },
    );
    const made = [];
    for (const [i, text] of [
      'Rain on the roofs.\n\nThe ferry waited.',
      'Morning came slowly.\n\nA bell rang twice.\n\nLin opened the shutters.\n\nThe river was high.',
      'Night market lights.',
    ].entries())
      made.push(await buildNovelChapter(db, { workId: work.id, title: `Chapter ${i + 1}`, text }));
    await buildChapter(db, { workId: work.id, title: 'Chapter 4', pay: 2 });
    const response = await opds(`/opds/works/${work.id}/epub`);
    const served = Buffer.from(response.rawPayload);
    const document = shellPartialMd5Of(served, dir);
    // Spine document 2 is chapter 2; its heading is added by the book, its third paragraph is "Lin opened…".
    expect((await push(document, '/body/DocFragment[2]/body/p[3]/text().0', 0.5, 'Kobo Clara')).status).toBe(
      200,
    );
    const place = (await history(reader)).find((item) => item.relate_id === work.id)!;
    expect(place.read).toMatchObject({ chapter_id: made[1]!.id, synced_from: 'Kobo Clara' });
    const text =
      'Morning came slowly.\n\nA bell rang twice.\n\nLin opened the shutters.\n\nThe river was high.';
    expect(place.read['position']).toBe(text.indexOf('Lin opened'));

    await new Promise((resolve) => setTimeout(resolve, 1100));
    await h.call(
      '/v3/book_read/add',
      { id: work.id, chapter_id: made[2]!.id, position: 0, percent: 0 },
      { session: reader },
    );
    expect((await pull(document)).body).toMatchObject({
      progress: '/body/DocFragment[3]/body/p/text().0',
      device: '51动漫',
    });
    // The name KOReader gives the file ("Shen Lan - River Town.epub") finds it too.
    expect((await pull(md5('Shen Lan - River Town.epub'))).body['progress']).toBe(
      '/body/DocFragment[3]/body/p/text().0',
    );
  });
});
