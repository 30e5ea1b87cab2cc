import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { importInto } from '../testing/import-into.js';
import type { ImportSummary } from './import-types.js';
import { chaptersOfWork, workTitled } from './testing/catalogue-rows.js';
import { writeCbt, writeCbz } from './testing/library-fixtures.js';

let ctx: TestApp;
let lib: string;
let summary: ImportSummary;

const info = (number: string) => ({
  Series: 'Tar Harbor',
  Number: number,
  Writer: 'Lin Qiu',
  Manga: 'YesAndRightToLeft',
  Summary: 'A harbour packed in tar.',
});

/** Debian's compressors, as `tar -z/-j/-J/--zstd` would run them. */
const COMPRESSORS = {
  gzip: ['gzip', '-c'],
  bzip2: ['bzip2', '-c'],
  xz: ['xz', '-c'],
  zstd: ['zstd', '-q', '-c'],
};

/** A CBT written by GNU tar, then compressed in place (the name keeps no hint of it). */
async function writeCompressedCbt(
  path: string,
  compression: keyof typeof COMPRESSORS,
  options: Parameters<typeof writeCbt>[1],
): Promise<void> {
  await writeCbt(path, options);
  const [command, ...args] = COMPRESSORS[compression];
  writeFileSync(path, execFileSync(command!, args, { input: readFileSync(path) }));
}

const work = (title: string) => workTitled(ctx.db, title);
const chaptersOf = (workId: number) => chaptersOfWork(ctx.db, workId);

async function pageRows(sourcePath: string) {
  return ctx.db
    .selectFrom('pages')
    .innerJoin('chapters', 'chapters.id', 'pages.chapter_id')
    .select(['pages.media_key', 'pages.width', 'pages.height', 'pages.bytes'])
    .where('chapters.source_path', 'like', `%/${sourcePath}`)
    .orderBy('pages.page_index')
    .execute();
}

beforeAll(async () => {
  ctx = await buildTestApp();
  lib = mkdtempSync(join(tmpdir(), 'dm51-tar-lib-'));
  const comics = join(lib, 'comics');
  await writeCbt(join(comics, 'Tar Harbor/Tar Harbor c001.cbt'), { pages: 3, info: info('1') });
  await writeCbz(join(comics, 'Tar Harbor/Tar Harbor c002.cbz'), { pages: 2, info: info('2') });
  // A plain .tar under comics/, in pax format, with OS litter and a note beside the pages.
  await writeCbt(
    join(comics, 'Tar Harbor/Tar Harbor c003.tar'),
    {
      pages: 4,
      info: info('3'),
      extra: [
        { name: '.DS_Store', data: Buffer.from('litter') },
        { name: '__MACOSX/._p001.png', data: Buffer.from('fork') },
        { name: 'notes.txt', data: Buffer.from('scanned by us') },
      ],
    },
    'pax',
  );
  // The same pages as a CBZ and a CBT: the same work shape and the same stored media.
  await writeCbz(join(comics, 'Twin Zip c001.cbz'), { pages: 3, size: [1600, 2400] });
  await writeCbt(join(comics, 'Twin Tar c001.cbt'), { pages: 3, size: [1600, 2400] });
  await writeCbt(join(comics, 'Broken c001.cbt'), { pages: 3 });
  const broken = readFileSync(join(comics, 'Broken c001.cbt'));
  writeFileSync(join(comics, 'Broken c001.cbt'), broken.subarray(0, 2048 + 100));
  await writeCbt(join(comics, 'Words c001.cbt'), {
    pages: 0,
    extra: [{ name: 'story.txt', data: Buffer.from('hi') }],
  });
  // Without a layout folder a .tar is a comic only when it holds pages.
  await writeCbt(join(lib, 'Loose Tar c001.tar'), { pages: 2 });
  await writeCbt(join(lib, 'backup.tar'), { pages: 0, extra: [{ name: 'db.sql', data: Buffer.from('--') }] });
  await writeCbt(join(lib, 'novels/Stuff/stuff.tar'), {
    pages: 0,
    extra: [{ name: 'a.txt', data: Buffer.from('a') }],
  });
  // Compressed tars, found by their magic bytes whatever the name says.
  const packed = join(comics, 'Packed Harbor');
  const packedInfo = (number: string) => ({ ...info(number), Series: 'Packed Harbor' });
  await writeCompressedCbt(join(packed, 'Packed Harbor c001.cbt'), 'xz', { pages: 3, info: packedInfo('1') });
  await writeCompressedCbt(join(packed, 'Packed Harbor c002.cbt'), 'gzip', {
    pages: 2,
    info: packedInfo('2'),
  });
  await writeCompressedCbt(join(packed, 'Packed Harbor c003.cbt'), 'bzip2', {
    pages: 4,
    info: packedInfo('3'),
  });
  await writeCompressedCbt(join(packed, 'Packed Harbor c004.tar'), 'zstd', {
    pages: 1,
    info: packedInfo('4'),
  });
  // Under their usual names too.
  await writeCompressedCbt(join(packed, 'Packed Harbor c005.tar.gz'), 'gzip', {
    pages: 2,
    info: packedInfo('5'),
  });
  await writeCompressedCbt(join(packed, 'Packed Harbor c006.txz'), 'xz', { pages: 2, info: packedInfo('6') });
  await writeCompressedCbt(join(comics, 'Loose Gz c002.tar.gz'), 'gzip', { pages: 2 });
  await writeCompressedCbt(join(comics, 'Twin Xz c001.cbt'), 'xz', { pages: 3, size: [1600, 2400] });
  await writeCompressedCbt(join(comics, 'Broken Xz c001.cbt'), 'xz', { pages: 3 });
  const brokenXz = readFileSync(join(comics, 'Broken Xz c001.cbt'));
  writeFileSync(join(comics, 'Broken Xz c001.cbt'), brokenXz.subarray(0, brokenXz.length - 100));
  summary = await importInto(ctx, lib);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  rmSync(lib, { recursive: true, force: true });
});

describe('importing CBT/TAR comics', () => {
  it('turns .cbt files and a .tar under comics/ into chapters of one work, like CBZ', async () => {
    const harbor = await work('Tar Harbor');
    expect(harbor).toMatchObject({ type: 0, rtl: 1, chapter_count: 3, summary: 'A harbour packed in tar.' });
    const chapters = await chaptersOf(harbor.id);
    expect(chapters.map((c) => [c.number, c.page_count, c.source_path.split('/').at(-1)])).toEqual([
      ['1', 3, 'Tar Harbor c001.cbt'],
      ['2', 2, 'Tar Harbor c002.cbz'],
      ['3', 4, 'Tar Harbor c003.tar'],
    ]);
    const pages = await pageRows('Tar Harbor c003.tar');
    expect(pages).toHaveLength(4);
    expect(pages.every((p) => /^lib\/[0-9a-f/]+_xfile\.(png|webp)$/.test(p.media_key))).toBe(true);
    expect(
      summary.skipped.filter((s) => s.path.startsWith('comics/Tar Harbor/Tar Harbor c003.tar::')),
    ).toEqual([
      { path: 'comics/Tar Harbor/Tar Harbor c003.tar::.DS_Store', reason: 'hidden file' },
      {
        path: 'comics/Tar Harbor/Tar Harbor c003.tar::__MACOSX/._p001.png',
        reason: 'macOS resource fork (__MACOSX)',
      },
      { path: 'comics/Tar Harbor/Tar Harbor c003.tar::notes.txt', reason: 'not a page image' },
    ]);
  });

  it('stores the same pages from a CBT as from the same CBZ', async () => {
    const zip = await pageRows('Twin Zip c001.cbz');
    const tar = await pageRows('Twin Tar c001.cbt');
    expect(zip).toHaveLength(3);
    expect(zip[0]).toMatchObject({ width: 1080, height: 1620 });
    expect(tar).toEqual(zip);
    expect((await chaptersOf((await work('Twin Tar')).id)).map((c) => c.page_count)).toEqual([3]);
  });

  it('recognises a loose .tar by its pages and reports the rest with a reason', async () => {
    expect((await chaptersOf((await work('Loose Tar')).id)).map((c) => c.page_count)).toEqual([2]);
    const failed = Object.fromEntries(summary.failed.map((f) => [f.path, f.reason]));
    expect(failed).toEqual({
      'comics/Broken c001.cbt': expect.stringMatching(/^corrupt archive: truncated tar \(/),
      'comics/Broken Xz c001.cbt': expect.stringMatching(/^corrupt archive: /),
      'comics/Words c001.cbt': expect.stringMatching(/^no page images \(1 entries, 1 skipped: story\.txt/),
      'backup.tar': 'unsupported file type: .tar (no readable page images)',
      'novels/Stuff/stuff.tar': 'unsupported file type: .tar (no readable page images)',
    });
  });

  it('imports tars compressed with xz, gzip, bzip2 and zstd like plain ones', async () => {
    const harbor = await work('Packed Harbor');
    expect(harbor).toMatchObject({ type: 0, rtl: 1, chapter_count: 6, summary: 'A harbour packed in tar.' });
    expect(
      (await chaptersOf(harbor.id)).map((c) => [c.number, c.page_count, c.source_path.split('/').at(-1)]),
    ).toEqual([
      ['1', 3, 'Packed Harbor c001.cbt'],
      ['2', 2, 'Packed Harbor c002.cbt'],
      ['3', 4, 'Packed Harbor c003.cbt'],
      ['4', 1, 'Packed Harbor c004.tar'],
      ['5', 2, 'Packed Harbor c005.tar.gz'],
      ['6', 2, 'Packed Harbor c006.txz'],
    ]);
    // Without metadata, named from the file name less both extensions.
    const loose = await chaptersOf((await work('Loose Gz')).id);
    expect(loose.map((c) => [c.number, c.page_count])).toEqual([['2', 2]]);
    // The same pages as the CBZ twin, byte for byte in the media store.
    expect(await pageRows('Twin Xz c001.cbt')).toEqual(await pageRows('Twin Zip c001.cbz'));
    const failed = Object.fromEntries(summary.failed.map((f) => [f.path, f.reason]));
    expect(failed['comics/Broken Xz c001.cbt']).toMatch(
      /^corrupt archive: (truncated or damaged xz stream|truncated tar)/,
    );
  });

  it('opens nothing again on an unchanged library', async () => {
    const again = await importInto(ctx, lib);
    expect(again.files.imported).toBe(0);
    expect(again.failed.map((f) => f.path).sort()).toEqual(summary.failed.map((f) => f.path).sort());
  });
});
