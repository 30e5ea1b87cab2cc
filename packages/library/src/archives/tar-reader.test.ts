import { execFileSync } from 'node:child_process';
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readComic } from '../comics/comic-reader.js';
import { detectKindByContent } from '../scan/kind-detector.js';
import { corpusPath } from '../testing/corpus.js';
import { refusal, tempDir, tinyPng } from '../testing/fixtures.js';
import { buildTar, type TarInput } from '../testing/tar-builder.js';
import { buildZip } from '../testing/zip-builder.js';
import type { ArchiveListing } from './archive-reader.js';
import { DEFAULT_LIMITS } from './limits.js';
import { openArchive } from './open-archive.js';
import { TarReader } from './tar-reader.js';

const tmp = tempDir('dm51-tar-');
afterAll(() => tmp.cleanup());

const COMIC_INFO =
  '<?xml version="1.0"?><ComicInfo><Series>Tar Harbor</Series><Number>3</Number></ComicInfo>';
const LONG_FOLDER = `${'很长的文件夹名'.repeat(8)}-${'x'.repeat(60)}`; // > 100 bytes: needs a long name
let png: Buffer;

beforeAll(async () => {
  png = await tinyPng();
});

/** Lists a tar and closes it, whether it lists or is refused. */
async function listTar(path: string, limits = DEFAULT_LIMITS): Promise<ArchiveListing> {
  const reader = new TarReader(path, limits);
  try {
    return await reader.list();
  } finally {
    await reader.close();
  }
}

/** Lists whatever openArchive makes of the file (a compressed tar too) and closes it. */
async function listArchive(path: string): Promise<ArchiveListing> {
  const reader = await openArchive(path);
  try {
    return await reader.list();
  } finally {
    await reader.close();
  }
}

async function formatOf(path: string): Promise<string> {
  const reader = await openArchive(path);
  await reader.close();
  return reader.format;
}

function write(name: string, bytes: Buffer): string {
  const path = join(tmp.dir, name);
  writeFileSync(path, bytes);
  return path;
}

/** A folder of pages (written out of natural order) and a ComicInfo.xml, for the system tar. */
function pageFolder(name: string): string {
  const dir = join(tmp.dir, name);
  mkdirSync(join(dir, LONG_FOLDER), { recursive: true });
  writeFileSync(join(dir, 'ComicInfo.xml'), COMIC_INFO);
  for (const n of [10, 2, 1])
    writeFileSync(join(dir, LONG_FOLDER, `p${n}.png`), Buffer.concat([png, Buffer.from([n])]));
  return dir;
}

/** GNU tar from the system, in one of its output formats. */
function systemTar(format: string, dir: string, out: string, ...extra: string[]): string {
  const path = join(tmp.dir, out);
  execFileSync('tar', [`--format=${format}`, ...extra, '-cf', path, '-C', dir, '.'], { stdio: 'ignore' });
  return path;
}

describe('tar archives written by GNU tar', () => {
  // gnu: ././@LongLink ('L') headers; pax/posix: 'x' headers with path=; ustar: the 155-byte prefix.
  it.each(['gnu', 'oldgnu', 'pax', 'posix'])(
    '--format=%s: long names, ComicInfo, natural page order',
    async (format) => {
      const path = systemTar(format, pageFolder(`pages-${format}`), `${format}.cbt`);
      const book = await readComic(path);
      expect(book.format).toBe('tar');
      expect(book.metadata?.series).toBe('Tar Harbor');
      expect(book.metadataEntry).toBe('ComicInfo.xml');
      expect(book.pages.map((p) => p.entryName)).toEqual([1, 2, 10].map((n) => `${LONG_FOLDER}/p${n}.png`));
      expect(book.skipped).toEqual([]);
      const reader = await openArchive(path);
      for (const n of [1, 2, 10]) {
        const bytes = await reader.read(`${LONG_FOLDER}/p${n}.png`);
        expect(bytes.equals(Buffer.concat([png, Buffer.from([n])]))).toBe(true);
      }
      await reader.close();
    },
  );

  it('--format=ustar splits a path under 256 bytes into prefix and name', async () => {
    const dir = join(tmp.dir, 'ustar-src');
    const folder = `${'a'.repeat(90)}/${'b'.repeat(40)}`;
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, folder, '001.png'), png);
    const reader = await openArchive(systemTar('ustar', dir, 'ustar.tar'));
    const { entries } = await reader.list();
    expect(entries.filter((e) => !e.isDirectory).map((e) => e.name)).toEqual([`${folder}/001.png`]);
    expect((await reader.read(`${folder}/001.png`)).equals(png)).toBe(true);
    await reader.close();
  });

  it('skips sparse files (GNU and pax sparse formats) and symlinks', async () => {
    // GNU format marks a sparse file with type 'S', which tar-stream does not name; pax format
    // with GNU.sparse.* records, which the reader recognises.
    const sparseReason = { gnu: 'unsupported tar entry type', pax: 'sparse file' };
    const dir = join(tmp.dir, 'sparse-src');
    mkdirSync(dir);
    writeFileSync(join(dir, '01.png'), png);
    // 20 MB declared, 200 bytes of data: stored as a sparse map by `tar -S`.
    const fd = openSync(join(dir, '02.png'), 'w');
    writeSync(fd, Buffer.alloc(100, 1), 0, 100, 0);
    writeSync(fd, Buffer.alloc(100, 2), 0, 100, 20 * 1024 * 1024);
    closeSync(fd);
    symlinkSync('/etc/passwd', join(dir, '03.png'));
    for (const format of ['gnu', 'pax'] as const) {
      const reader = await openArchive(systemTar(format, dir, `sparse-${format}.tar`, '-S'));
      const listing = await reader.list();
      expect(listing.entries.filter((e) => !e.isDirectory).map((e) => e.name)).toEqual(['01.png']);
      expect(listing.skipped).toEqual(
        expect.arrayContaining([
          { entry: '02.png', reason: sparseReason[format] },
          { entry: '03.png', reason: 'symbolic link' },
        ]),
      );
      await reader.close();
    }
  });

  it('refuses a truncated tar: cut inside a page, inside a header, or in the last padding', async () => {
    const bytes = readFileSync(systemTar('gnu', pageFolder('pages-cut'), 'whole.cbt'));
    const page = bytes.indexOf(png.subarray(0, 64)); // the first page's data
    const padded = buildTar([{ name: 'p1.png', data: png }], { end: false });
    for (const [name, cut] of [
      ['in a page', bytes.subarray(0, page + 50)],
      ['in a header', bytes.subarray(0, page - 400)],
      ['in the padding', padded.subarray(0, padded.length - 10)],
    ] as const) {
      const error = await refusal(listTar(write(`cut ${name}.cbt`, cut)));
      expect(error.code).toBe('corrupt');
      expect(error.reason).toMatch(/^corrupt archive: truncated tar \(/);
    }
    // Without the end-of-archive blocks but whole up to a block boundary: read as it is.
    const listing = await listTar(write('no-end.cbt', padded));
    expect(listing.entries.map((e) => e.name)).toEqual(['p1.png']);
  });
});

describe('hostile tar headers', () => {
  it('skips ../, absolute, drive-letter, link, device and FIFO entries and keeps the pages', async () => {
    const path = write(
      'evil.cbt',
      buildTar([
        { name: '../evil.jpg', data: png },
        { name: '/abs.jpg', data: png },
        { name: 'C:\\win.jpg', data: png },
        { name: 'link.png', type: '2', linkName: '/etc/passwd' },
        { name: 'hard.png', type: '1', linkName: 'p1.png' },
        { name: 'tty.png', type: '3' },
        { name: 'pipe.png', type: '6' },
        { name: 'odd.png', type: 'Q', data: png },
        { name: 'p1.png', data: png },
      ]),
    );
    const book = await readComic(path);
    expect(book.pages.map((p) => p.entryName)).toEqual(['p1.png']);
    expect(book.skipped).toEqual([
      { entry: 'link.png', reason: 'symbolic link' },
      { entry: 'hard.png', reason: 'hard link' },
      { entry: 'tty.png', reason: 'character device' },
      { entry: 'pipe.png', reason: 'FIFO' },
      { entry: 'odd.png', reason: 'unsupported tar entry type' },
      { entry: '../evil.jpg', reason: 'parent-directory (..) segment in entry name' },
      { entry: '/abs.jpg', reason: 'absolute path in entry name' },
      { entry: 'C:\\win.jpg', reason: 'drive letter in entry name' },
    ]);
  });

  it('skips OS litter and shadowed ComicInfo, keeps the first of duplicate names', async () => {
    const other = Buffer.concat([png, Buffer.from('other')]);
    const path = write(
      'litter.cbt',
      buildTar([
        { name: '__MACOSX/._p1.png', data: png },
        { name: '.DS_Store', data: Buffer.from('x') },
        { name: 'Thumbs.db', data: Buffer.from('x') },
        { name: 'pages/ComicInfo.xml', data: Buffer.from('<ComicInfo><Series>Inner</Series></ComicInfo>') },
        { name: 'ComicInfo.xml', data: Buffer.from(COMIC_INFO) },
        { name: 'pages/p1.png', data: png },
        { name: 'pages/P1.png', data: other },
      ]),
    );
    const book = await readComic(path);
    expect(book.metadata?.series).toBe('Tar Harbor');
    expect(book.pages.map((p) => p.entryName)).toEqual(['pages/p1.png']);
    expect(book.skipped.map((s) => s.reason)).toEqual([
      'duplicate entry name',
      'macOS resource fork (__MACOSX)',
      'hidden file',
      'Windows system file',
      'ComicInfo.xml shadowed by one nearer the root',
    ]);
    const reader = await openArchive(path);
    expect((await reader.read('pages/p1.png')).equals(png)).toBe(true);
    expect((await refusal(reader.read('pages/P1.png'))).code).toBe('not-found');
    await reader.close();
  });

  it.each<[string, TarInput]>([
    ['a base-256 size field', { name: 'p2.png', data: png, declaredSize: 10 * 1024 ** 3 }],
    ['a pax size record', { name: 'p2.png', data: png, pax: { size: String(10 * 1024 ** 3) } }],
  ])('refuses a header claiming 10 GB in %s, plain or compressed', async (_, huge) => {
    const tar = buildTar([{ name: 'p1.png', data: png }, huge]);
    const expected = `entry too large: p2.png declares ${10 * 1024 ** 3} bytes, over ${512 * 1024 ** 2}`;
    for (const bytes of [tar, gzipSync(tar)]) {
      const error = await refusal(openArchive(write('huge.cbt', bytes)).then((r) => r.list()));
      expect(error.code).toBe('limit');
      expect(error.reason).toBe(expected);
    }
  });

  it('skips an old GNU sparse entry (type S) as an entry type it does not read', async () => {
    const sparse: TarInput = { name: 'p2.png', type: 'S', data: Buffer.alloc(512), dialect: 'gnu' };
    const listing = await listTar(write('gnu-sparse.cbt', buildTar([sparse, { name: 'p1.png', data: png }])));
    expect(listing.entries.map((e) => e.name)).toEqual(['p1.png']);
    expect(listing.skipped).toEqual([{ entry: 'p2.png', reason: 'unsupported tar entry type' }]);
  });

  it('applies the entry, total and count limits of every archive', async () => {
    const files = [1, 2, 3].map((i) => ({ name: `p${i}.png`, data: Buffer.alloc(1000, i) }));
    const path = write('limits.cbt', buildTar(files));
    const small = await listTar(path, { ...DEFAULT_LIMITS, maxEntryBytes: 999 });
    expect(small.entries).toEqual([]);
    expect(small.skipped[0]).toEqual({ entry: 'p1.png', reason: 'entry too large: 1000 > 999 bytes' });
    const total = await refusal(listTar(path, { ...DEFAULT_LIMITS, maxTotalBytes: 2500 }));
    expect(total.reason).toBe('archive unpacks to 3000 bytes, over the 2500 byte limit');
    const many = await refusal(listTar(path, { ...DEFAULT_LIMITS, maxEntries: 2 }));
    expect(many.reason).toBe('too many entries: over 2');
    const reader = new TarReader(path);
    expect((await refusal(reader.read('p1.png', 999))).code).toBe('limit');
    expect(await reader.read('p3.png')).toEqual(Buffer.alloc(1000, 3));
    await reader.close();
  });

  it('refuses a corrupt header checksum and an oversized pax header, skips a malformed pax path', async () => {
    const bad = buildTar([
      { name: 'p1.png', data: png },
      { name: 'p2.png', data: png },
    ]);
    const second = 512 + 512 * Math.ceil(png.length / 512);
    bad.write('q', second + 1, 'latin1'); // p2.png → pq.png, the checksum left as it was
    expect((await refusal(listTar(write('bad-sum.cbt', bad)))).reason).toMatch(
      /^corrupt archive: bad tar header checksum$/,
    );
    const bigPax = buildTar([{ name: 'p.png', data: png, pax: { comment: 'x'.repeat(5 * 1024 * 1024) } }]);
    expect((await refusal(listTar(write('big-pax.cbt', bigPax)))).code).toBe('limit');
    const badPax = buildTar([{ name: 'p.png', data: png, pax: { path: 'a.png' } }]);
    badPax.write('99', 512, 'latin1'); // record length past the header's data
    // tar-stream reads what it can of a malformed record: the path it yields is not a usable name.
    const malformed = await listTar(write('bad-pax.cbt', badPax));
    expect(malformed.entries).toEqual([]);
    expect(malformed.skipped).toEqual([{ entry: 'a.png\n', reason: 'control character in entry name' }]);
  });

  it('decodes GBK names and pax UTF-8 paths, and GNU long names', async () => {
    const path = write(
      'names.cbt',
      buildTar([
        { name: 'x', rawName: iconv.encode('海贼王 第1卷/第一话 冒险的开始.png', 'gbk'), data: png },
        { name: 'PaxHeaders/ignored.png', pax: { path: '第二话/02.png' }, data: png },
        { name: `${'长'.repeat(60)}/03.png`, gnuLongName: true, dialect: 'gnu', data: png },
      ]),
    );
    const { entries } = await listTar(path);
    expect(entries.map((e) => e.name)).toEqual([
      '海贼王 第1卷/第一话 冒险的开始.png',
      '第二话/02.png',
      `${'长'.repeat(60)}/03.png`,
    ]);
  });
});

describe('recognising a tar', () => {
  it('refuses a tar without page images as having no content', async () => {
    const path = write('text.tar', buildTar([{ name: 'readme.txt', data: Buffer.from('hello') }]));
    const error = await refusal(readComic(path));
    expect(error.code).toBe('no-content');
    expect(await detectKindByContent(path)).toBe('unknown');
  });

  it('goes by content, not the extension', async () => {
    const tar = write('really-a-tar.cbz', buildTar([{ name: 'p1.png', data: png }]));
    expect(await formatOf(tar)).toBe('tar');
    expect(await detectKindByContent(tar)).toBe('comic');
    const zip = write('really-a-zip.cbt', buildZip([{ name: 'p1.png', data: png }]));
    expect(await formatOf(zip)).toBe('zip');
    const v7 = write('v7.tar', buildTar([{ name: 'p1.png', data: png, dialect: 'v7' }]));
    expect(await formatOf(v7)).toBe('tar');
  });

  it('refuses text and an all-zero file as not an archive', async () => {
    for (const bytes of [Buffer.from('not a tar '.repeat(100)), Buffer.alloc(10240)]) {
      const error = await refusal(openArchive(write('junk.cbt', bytes)));
      expect(error.reason).toBe('unsupported archive: not a ZIP, 7z, RAR or TAR file');
    }
  });
});

describe('compressed tar archives', () => {
  // A real comic folder from the corpus: five scanned pages and a ComicInfo.xml.
  const SOURCE = corpusPath('comics/derived-image-folder/Captain Science 001');
  const PAGES = [1, 2, 3, 4, 5].map((n) => `CaptainScience#1_0${n}.jpg`);
  /** GNU tar's compression switches, and the name each archive is given. */
  const COMPRESSIONS = [
    ['gzip', '-z', 'Captain Science 001.tar.gz'],
    ['bzip2', '-j', 'Captain Science 001.tar.bz2'],
    ['xz', '-J', 'Captain Science 001.cbt'],
    ['zstd', '--zstd', 'Captain Science 001.tar.zst'],
  ] as const;

  function compressedTar(flag: string, out: string): string {
    const path = join(tmp.dir, out);
    execFileSync('tar', [flag, '-cf', path, '-C', SOURCE, ...PAGES, 'comicinfo.xml'], { stdio: 'ignore' });
    return path;
  }

  it.each(COMPRESSIONS)(
    'reads a %s-compressed tar: pages in order, metadata, the same bytes',
    async (_, flag, out) => {
      const path = compressedTar(flag, out);
      const book = await readComic(path);
      expect(book.format).toBe('tar');
      expect(book.metadata?.series).toBe('Captain Science');
      expect(book.pages.map((p) => p.entryName)).toEqual(PAGES);
      expect(await detectKindByContent(path)).toBe('comic');
      const reader = await openArchive(path);
      // Out of archive order, as a comic's pages may be.
      for (const name of [...PAGES].reverse()) {
        expect((await reader.read(name)).equals(readFileSync(join(SOURCE, name)))).toBe(true);
      }
      // The decompressed copy it reads from is a temporary file unlinked as soon as it was open.
      expect(readdirSync(tmpdir()).filter((f) => /^dm51-tar-[0-9a-f-]{36}\.tar$/.test(f))).toEqual([]);
      await reader.close();
      // Closed, the copy is gone; a later read makes it again.
      expect((await reader.read(PAGES[0]!)).equals(readFileSync(join(SOURCE, PAGES[0]!)))).toBe(true);
      await reader.close();
    },
  );

  it.each(COMPRESSIONS)('refuses a truncated %s stream as corrupt', async (compression, flag, out) => {
    const whole = readFileSync(compressedTar(flag, `whole-${out}`));
    for (const cut of [Math.floor(whole.length / 2), whole.length - 4]) {
      const error = await refusal(
        openArchive(write(`cut-${cut}-${out}`, whole.subarray(0, cut))).then(async (reader) => {
          try {
            await reader.list();
            for (const name of PAGES) await reader.read(name);
          } finally {
            await reader.close();
          }
        }),
      );
      expect(error.code).toBe('corrupt');
      expect(error.reason).toMatch(
        new RegExp(`^corrupt archive: (truncated or damaged ${compression} stream|truncated tar)`),
      );
    }
  });

  it('stops a compressed bomb at the ratio limit', async () => {
    const bomb = buildTar([
      { name: 'p1.png', data: png },
      { name: 'p2.png', data: Buffer.alloc(20 * 1024 * 1024) },
    ]);
    for (const [name, bytes] of [
      ['bomb.tar.gz', gzipSync(bomb, { level: 9 })],
      ['bomb.tar.zst', execFileSync('zstd', ['-q', '-19', '-c'], { input: bomb, maxBuffer: 1 << 30 })],
      ['bomb.tar.xz', execFileSync('xz', ['-c'], { input: bomb, maxBuffer: 1 << 30 })],
      ['bomb.tar.bz2', execFileSync('bzip2', ['-c'], { input: bomb, maxBuffer: 1 << 30 })],
    ] as const) {
      const error = await refusal(listArchive(write(name, bytes)));
      expect(error.code, name).toBe('limit');
      expect(error.reason).toMatch(
        /^compression ratio over the 200:1 limit: \d+ bytes from \d+ \(zip bomb\?\)$/,
      );
    }
  });

  it('applies the entry count and total limits inside a compressed stream', async () => {
    const files = [1, 2, 3].map((i) => ({ name: `p${i}.png`, data: Buffer.alloc(1000, i) }));
    const path = write('limits.tar.gz', gzipSync(buildTar(files)));
    const reader = await openArchive(path, { ...DEFAULT_LIMITS, maxEntries: 2 });
    expect((await refusal(reader.list())).reason).toBe('too many entries: over 2');
    await reader.close();
    const total = await openArchive(path, { ...DEFAULT_LIMITS, maxTotalBytes: 2500 });
    expect((await refusal(total.list())).reason).toBe(
      'archive unpacks to 3000 bytes, over the 2500 byte limit',
    );
    await total.close();
  });

  it('goes by the magic bytes: a compressed tar named .cbz, a gzip that holds no tar', async () => {
    const tar = buildTar([{ name: 'p1.png', data: png }]);
    const misnamed = write('really-a-tar-xz.cbz', execFileSync('xz', ['-c'], { input: tar }));
    expect(await formatOf(misnamed)).toBe('tar');
    expect(await detectKindByContent(misnamed)).toBe('comic');
    const notTar = write('page.cbt', gzipSync(png));
    const error = await refusal(openArchive(notTar));
    expect(error.code).toBe('unsupported');
    expect(error.reason).toBe('unsupported archive: a gzip file that holds no TAR archive');
    expect(await detectKindByContent(notTar)).toBe('unknown');
  });
});
