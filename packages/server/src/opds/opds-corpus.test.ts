/**
 * Real-world inputs through the catalogue: a comic folder and Gutenberg EPUBs from the shared
 * corpus, imported by the real importer (pages stored as the importer stores them, WebP or JPEG,
 * XOR-encoded), then read the way an e-reader does: every PSE page of the comic arrives as a plain
 * JPEG no wider than asked, and the novel's EPUB, rebuilt from the imported chapters, opens with
 * every chapter and its text.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readEpub } from '@dm51/library';
import { XMLParser } from 'fast-xml-parser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusPath } from '../import/testing/library-fixtures.js';
import { buildAccountsHarness, uniqueEmail, type AccountsHarness } from '../testing/accounts.js';
import { importInto } from '../testing/import-into.js';
import { basicFor, createAppToken, type CreatedToken } from '../testing/opds.js';

let h: AccountsHarness;
let token: CreatedToken;

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => ['entry', 'link'].includes(name),
});
interface Entry {
  id: string;
  title: string;
  link: { rel?: string; href: string; type: string; 'pse:count'?: string }[];
}

async function get(path: string) {
  const response = await h.ctx.app.inject({
    method: 'GET',
    url: path,
    headers: { authorization: basicFor(token) },
  });
  expect(response.statusCode, path).toBe(200);
  return response;
}

async function entries(path: string): Promise<Entry[]> {
  return (xml.parse((await get(path)).body) as { feed: { entry?: Entry[] } }).feed.entry ?? [];
}

beforeAll(async () => {
  h = await buildAccountsHarness();
  await importInto(h.ctx, corpusPath('comics/derived-image-folder'));
  await importInto(h.ctx, corpusPath('epub/kavita'));
  const reader = await h.registerByEmail(uniqueEmail('reader'), 'password 1');
  token = await createAppToken(h, reader);
}, 120_000);
afterAll(async () => h.close());

describe('OPDS over imported real-world files', () => {
  it('streams every page of an imported comic as JPEG at the asked width', async () => {
    const [work] = (await entries('/opds/comics/new')).filter((entry) => entry.title === 'Captain Science');
    expect(work).toBeDefined();
    const chaptersFeed = work!.link.find((link) => link.rel === 'subsection')!.href;
    const [chapter] = await entries(chaptersFeed);
    const stream = chapter!.link.find((link) => link.rel === 'http://vaemendis.net/opds-pse/stream')!;
    expect(stream['pse:count']).toBe('5');
    // The importer's renditions (kept as they came when small enough JPEGs, else re-encoded).
    const chapterId = Number(chapter!.id.split(':').at(-1));
    const stored = await h.ctx.db
      .selectFrom('pages')
      .select('media_key')
      .where('chapter_id', '=', chapterId)
      .execute();
    expect(stored).toHaveLength(5);
    expect(stored.every((page) => /^lib\/.+_xfile\.(jpg|webp)$/.test(page.media_key))).toBe(true);
    for (let page = 0; page < 5; page += 1) {
      const response = await get(
        stream.href.replace('{pageNumber}', String(page)).replace('{maxWidth}', '400'),
      );
      expect(response.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.width).toBeLessThanOrEqual(400);
    }
  });

  it('rebuilds an imported Gutenberg novel as an EPUB with all its chapters and text', async () => {
    const novels = await entries('/opds/novels/new');
    const harpoon = novels.find((entry) => entry.title.startsWith('The Golden Harpoon'))!;
    expect(harpoon).toBeDefined();
    const epubLink = harpoon.link.find((link) => link.type === 'application/epub+zip')!;
    const response = await get(epubLink.href);
    const path = join(mkdtempSync(join(tmpdir(), 'opds-corpus-')), 'book.epub');
    writeFileSync(path, response.rawPayload);
    const book = await readEpub(path);

    const workId = Number(harpoon.id.split(':').at(-1));
    const imported = await h.ctx.db
      .selectFrom('chapters')
      .innerJoin('novel_texts', 'novel_texts.chapter_id', 'chapters.id')
      .select(['chapters.title', 'novel_texts.text'])
      .where('chapters.work_id', '=', workId)
      .orderBy('chapters.sort_order')
      .execute();
    expect(imported.length).toBeGreaterThan(3);
    expect(book.chapters).toHaveLength(imported.length);
    expect(book.chapters.map((chapter) => chapter.title)).toEqual(imported.map((chapter) => chapter.title));
    let checked = 0;
    for (const [index, chapter] of imported.entries()) {
      const firstLine = chapter.text
        .split('\n')
        .map((line) => line.trim())
        .find((line) => line.length > 20);
      if (firstLine) {
        checked += 1;
        expect(book.chapters[index]!.text.replace(/\s+/g, ' ')).toContain(firstLine.replace(/\s+/g, ' '));
      }
    }
    expect(checked).toBeGreaterThan(3);
  });
});
