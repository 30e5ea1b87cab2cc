/**
 * The downloads and feeds of a seeded catalogue checked by third-party tools, the way the files
 * are judged out in the world: the demo library is generated and imported, then every OPDS 1.2
 * feed reachable from /opds is parsed by two OPDS client libraries (NYPL's opds-feed-parser and
 * opds-ts), every served EPUB goes through Debian's epubcheck, and the ComicInfo.xml of every
 * served CBZ through xmllint against the ComicInfo 2.0 schema (from the shared corpus, by path).
 * scripts/test-preflight.mjs installs epubcheck and xmllint (packages epubcheck, libxml2-utils).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openArchive } from '@dm51/library';
import { XMLParser } from 'fast-xml-parser';
import opdsFeedParser, { type OPDSFeed } from 'opds-feed-parser';
import { Feed as OpdsTsFeed } from 'opds-ts/v1.2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoLibrary } from '../demo/demo-library.js';
import { DEMO_COMICS } from '../demo/demo-content.js';
import { corpusPath } from '../import/testing/library-fixtures.js';
import { buildAccountsHarness, uniqueEmail, type AccountsHarness } from '../testing/accounts.js';
import { makeVip } from '../testing/catalogue-factory.js';
import { importInto } from '../testing/import-into.js';
import { basicFor, createAppToken, type CreatedToken } from '../testing/opds.js';

const run = promisify(execFile);
/** Debian's epubcheck is a jar; /usr/bin/epubcheck runs it only where binfmt_misc is set up. */
// Client JIT and serial GC: a third of the start-up time of a JVM that checks one small file.
const EPUBCHECK = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', '/usr/share/java/epubcheck.jar'];
const COMICINFO_XSD = corpusPath('comicinfo/v2.0/ComicInfo.xsd');
const ATOM_TYPE = /^application\/atom\+xml;profile=opds-catalog;kind=(navigation|acquisition)$/;
const ACQUISITION_REL = 'http://opds-spec.org/acquisition';
const CBZ = 'application/vnd.comicbook+zip';
const EPUB = 'application/epub+zip';

// A CommonJS package whose parser is its `default` export (see opds-feeds.test.ts).
type ParserClass = new () => { parse(xml: string): Promise<unknown> };
const parserModule = opdsFeedParser as unknown as ParserClass | { default: ParserClass };
const OPDSParser: ParserClass = typeof parserModule === 'function' ? parserModule : parserModule.default;

const raw = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => ['entry', 'link'].includes(name),
});
interface RawLink {
  rel?: string;
  href: string;
  type: string;
}

let h: AccountsHarness;
let token: CreatedToken;
const dir = mkdtempSync(join(tmpdir(), 'opds-validation-'));
/** Every feed crawled, with its kind, and every download link found (href → type). */
const feeds = new Map<string, string>();
const downloads = new Map<string, string>();

async function get(path: string) {
  const response = await h.ctx.app.inject({
    method: 'GET',
    url: path,
    headers: { authorization: basicFor(token) },
  });
  expect(response.statusCode, path).toBe(200);
  return response;
}

/** Runs `tasks` at most `width` at a time (each epubcheck is a JVM). */
async function inBatches<T>(items: T[], width: number, task: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(task));
}

beforeAll(async () => {
  h = await buildAccountsHarness();
  const library = join(dir, 'library');
  await generateDemoLibrary(library, { anime: false });
  await importInto(h.ctx, library);
  const reader = await h.registerByEmail(uniqueEmail('validator'), 'password 1');
  // A VIP account: VIP chapters are served too (coin chapters stay locked and out of the feeds).
  await makeVip(h.ctx.db, reader.userId);
  token = await createAppToken(h, reader, 'validator');

  const queue = ['/opds'];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (feeds.has(path)) continue;
    const response = await get(path);
    const type = String(response.headers['content-type']);
    expect(type, path).toMatch(ATOM_TYPE);
    feeds.set(path, type.split('kind=')[1]!);
    const document = raw.parse(response.body) as {
      feed: { link: RawLink[]; entry?: { link?: RawLink[] }[] };
    };
    const links = [
      ...document.feed.link,
      ...(document.feed.entry ?? []).flatMap((entry) => entry.link ?? []),
    ];
    for (const link of links) {
      if (ATOM_TYPE.test(link.type)) queue.push(link.href);
      else if (link.type === CBZ || link.type === EPUB) downloads.set(link.href, link.type);
    }
  }
}, 300_000);
afterAll(async () => h?.close());

describe('the seeded catalogue through third-party tools', () => {
  it('parses every OPDS 1.2 feed with two client libraries, each feed of the kind its entries are', async () => {
    expect(feeds.size).toBeGreaterThan(20);
    for (const [path, kind] of feeds) {
      const xml = (await get(path)).body;
      const nypl = (await new OPDSParser().parse(xml)) as OPDSFeed;
      expect(nypl.id, path).toMatch(/^urn:dm51:/);
      const parsed = OpdsTsFeed.fromXml(xml);
      expect(parsed.getOptions().kind, path).toBe(kind);
      const entries = parsed.getEntries();
      expect(entries.length, path).toBe(nypl.entries.length);
      for (const entry of nypl.entries) {
        const acquires = entry.links.some((link) => (link.rel ?? '').startsWith(ACQUISITION_REL));
        expect(acquires, `${path}: ${entry.title}`).toBe(kind === 'acquisition');
      }
    }
    expect([...feeds.values()]).toContain('navigation');
    expect([...feeds.values()]).toContain('acquisition');
  }, 120_000);

  it('serves EPUBs that epubcheck passes', async () => {
    const epubs = [...downloads].filter(([, type]) => type === EPUB).map(([href]) => href);
    expect(epubs.length).toBeGreaterThan(3);
    const failures: string[] = [];
    await inBatches(epubs, 2, async (href) => {
      const file = join(dir, `${href.replace(/\W+/g, '_')}.epub`);
      writeFileSync(file, (await get(href)).rawPayload);
      try {
        await run('java', [...EPUBCHECK, file, '--quiet'], { maxBuffer: 16 * 1024 * 1024 });
      } catch (error) {
        const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
        failures.push(`${href}:\n${stdout}${stderr}`);
      }
    });
    expect(failures).toEqual([]);
  }, 240_000);

  it('serves CBZs whose ComicInfo.xml xmllint finds valid against the ComicInfo 2.0 schema', async () => {
    const cbzs = [...downloads].filter(([, type]) => type === CBZ).map(([href]) => href);
    expect(cbzs.length).toBeGreaterThan(10);
    const infos: string[] = [];
    const mangaOf = new Map<string, string>();
    for (const href of cbzs) {
      const cbz = join(dir, `${href.replace(/\W+/g, '_')}.cbz`);
      writeFileSync(cbz, (await get(href)).rawPayload);
      const archive = await openArchive(cbz);
      const xml = (await archive.read('ComicInfo.xml')).toString('utf8');
      await archive.close();
      const info = `${cbz}.ComicInfo.xml`;
      writeFileSync(info, xml);
      infos.push(info);
      const parsed = new XMLParser().parse(xml) as { ComicInfo: { Series: string; Manga?: string } };
      mangaOf.set(String(parsed.ComicInfo.Series), parsed.ComicInfo.Manga ?? 'Unknown');
    }
    // One xmllint over all: it names each file that fails and exits non-zero.
    const result = await run('xmllint', ['--noout', '--schema', COMICINFO_XSD, ...infos]).catch(
      (error: { stderr?: string }) => ({ stderr: `FAILED\n${error.stderr ?? ''}` }),
    );
    expect(result.stderr).not.toContain('FAILED');
    expect(result.stderr).not.toMatch(/fails to validate|error/);
    // Right-to-left works say so, so CBZ readers turn their pages the right way.
    for (const comic of DEMO_COMICS.filter((demo) => mangaOf.has(demo.title)))
      expect(mangaOf.get(comic.title), comic.title).toBe(comic.rtl ? 'YesAndRightToLeft' : 'Unknown');
    expect([...mangaOf.values()]).toContain('YesAndRightToLeft');
  }, 240_000);
});
