import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildZip, crc32, DEFAULT_LIMITS } from '@dm51/library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import type { ImportSummary } from './import-types.js';
import { importInto } from '../testing/import-into.js';
import { pngPage, writeCbz } from './testing/library-fixtures.js';

let ctx: TestApp;
let base: string;
let lib: string;
let summary: ImportSummary;

/** A real PNG whose header claims `width`×`height` (the decompression-bomb shape). */
async function hugePng(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await pngPage(4, 4));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const failure = (path: string) => summary.failed.find((f) => f.path === path)?.reason;
const skip = (path: string) => summary.skipped.find((f) => f.path === path)?.reason;

beforeAll(async () => {
  ctx = await buildTestApp();
  base = mkdtempSync(join(tmpdir(), 'dm51-bad-'));
  lib = join(base, 'library');
  const comics = join(lib, 'comics');
  mkdirSync(comics, { recursive: true });
  const page = await pngPage(40, 60);
  writeFileSync(join(comics, 'Noise.cbz'), Buffer.from('this is not an archive at all, just text'));
  writeFileSync(join(comics, 'Empty.cbz'), Buffer.alloc(0));
  const good = buildZip([
    { name: 'p1.png', data: page, store: true },
    { name: 'p2.png', data: page, store: true },
  ]);
  writeFileSync(join(comics, 'Truncated.cbz'), good.subarray(0, good.length - 30));
  // Claims 2 GB from a few bytes: refused by ratio before a byte is inflated.
  writeFileSync(
    join(comics, 'Bomb.cbz'),
    buildZip([{ name: 'p1.png', data: Buffer.alloc(4096), declaredSize: 2_000_000_000 }]),
  );
  writeFileSync(
    join(comics, 'Crowd.cbz'),
    buildZip(Array.from({ length: 40 }, (_, i) => ({ name: `p${i}.png`, data: page, store: true }))),
  );
  writeFileSync(
    join(comics, 'Escape c001.cbz'),
    buildZip([
      { name: '../../escaped.png', data: page, store: true },
      { name: '/etc/evil.png', data: page, store: true },
      { name: 'ok.png', data: page, store: true },
      { name: 'readme.exe', data: Buffer.from('MZ') },
      { name: 'ok.PNG', data: page, store: true },
    ]),
  );
  writeFileSync(
    join(comics, 'Giant c001.cbz'),
    buildZip([
      { name: '01.png', data: await hugePng(100_000, 100_000), store: true },
      { name: '02.png', data: page, store: true },
      { name: '03.png', data: Buffer.from('not really a png'), store: true },
    ]),
  );
  writeFileSync(
    join(comics, 'AllBad c001.cbz'),
    buildZip([{ name: '01.png', data: await hugePng(50_000, 50_000), store: true }]),
  );
  mkdirSync(join(comics, 'Empty Series/Chapter 1'), { recursive: true });
  await writeCbz(join(comics, 'Fine/Fine c001.cbz'), { pages: 2 });
  mkdirSync(join(lib, 'novels/Garbage'), { recursive: true });
  writeFileSync(
    join(lib, 'novels/Garbage/Garbage.txt'),
    Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 256)),
  );
  writeFileSync(join(lib, 'novels/Garbage/Fake.epub'), buildZip([{ name: 'p.png', data: page }]));
  summary = await importInto(ctx, lib, { archiveLimits: { ...DEFAULT_LIMITS, maxEntries: 32 } });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  rmSync(base, { recursive: true, force: true });
});

describe('bad input', () => {
  it('skips broken, hostile and empty files with a reason each', () => {
    expect(failure('comics/Noise.cbz')).toBe('unsupported archive: not a ZIP, 7z, RAR or TAR file');
    expect(failure('comics/Empty.cbz')).toBe('corrupt archive: empty file');
    expect(failure('comics/Truncated.cbz')).toMatch(/corrupt/i);
    expect(failure('comics/Bomb.cbz')).toMatch(
      /^no page images \(0 entries, 1 skipped: p1\.png: entry too large|zip bomb/,
    );
    expect(failure('comics/Crowd.cbz')).toBe('too many entries: 40 > 32');
    expect(failure('novels/Garbage/Garbage.txt')).toMatch(/unreadable encoding/);
    expect(failure('novels/Garbage/Fake.epub')).toMatch(/invalid EPUB/);
    expect(failure('comics/AllBad c001.cbz')).toMatch(/no readable page \(01\.png: image too large/);
  });

  it('imports what is sound inside a partly bad archive and reports the rest', async () => {
    expect(skip('comics/Escape c001.cbz::../../escaped.png')).toBe(
      'parent-directory (..) segment in entry name',
    );
    expect(skip('comics/Escape c001.cbz::/etc/evil.png')).toBe('absolute path in entry name');
    expect(skip('comics/Escape c001.cbz::readme.exe')).toBe('not a page image');
    expect(skip('comics/Escape c001.cbz::ok.PNG')).toBe('duplicate entry name');
    expect(existsSync(join(base, 'escaped.png'))).toBe(false);
    expect(failure('comics/Giant c001.cbz::01.png')).toMatch(/image too large: 100000×100000/);
    expect(failure('comics/Giant c001.cbz::03.png')).toMatch(/unreadable image/);
    const giant = await ctx.db
      .selectFrom('chapters')
      .select(['page_count'])
      .where('source_path', 'like', '%Giant c001.cbz')
      .executeTakeFirstOrThrow();
    expect(giant.page_count).toBe(1);
    expect(summary.pages.failed).toBe(2);
  });

  it('leaves nothing half-written: only sound works exist, every stored object is referenced', async () => {
    const works = await ctx.db.selectFrom('works').select('title').orderBy('title').execute();
    expect(works.map((w) => w.title)).toEqual(['Escape', 'Fine', 'Giant']);
    const failedFiles = await ctx.db
      .selectFrom('library_files')
      .select(['path', 'chapter_id'])
      .where('status', '=', 'failed')
      .execute();
    expect(failedFiles.length).toBe(8);
    expect(failedFiles.every((f) => f.chapter_id === null)).toBe(true);
    const referenced = new Set(
      [
        ...(await ctx.db.selectFrom('pages').select('media_key as k').execute()),
        ...(await ctx.db.selectFrom('chapter_media').select('media_key as k').execute()),
        ...(await ctx.db.selectFrom('works').select('cover_key as k').execute()),
      ].map((r) => r.k),
    );
    for await (const key of ctx.app.media.keys()) expect(referenced.has(key)).toBe(true);
  });

  it('does not retry an unchanged broken file, but keeps reporting it', async () => {
    const again = await importInto(ctx, lib);
    expect(again.files.imported).toBe(0);
    expect(again.failed.map((f) => f.path)).toContain('comics/Noise.cbz');
  });
});
