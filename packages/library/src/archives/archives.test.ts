import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusPath } from '../testing/corpus.js';
import { refusal, tempDir, tinyPng } from '../testing/fixtures.js';
import { buildZip } from '../testing/zip-builder.js';
import { checkEntryPath } from './entry-path.js';
import { DEFAULT_LIMITS } from './limits.js';
import { openArchive } from './open-archive.js';
import { sevenZipPath } from './sevenzip-binary.js';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('openArchive on the corpus', () => {
  it.each([
    ['comics/komga/zip.zip', 'zip', ['komga.png']],
    ['comics/komga/zip-copy.zip', 'zip', ['komga.png']],
    ['comics/komga/zip-bzip2.zip', 'zip', ['komga.png']],
    ['comics/komga/zip-lzma.zip', 'zip', ['komga.png']],
    ['comics/komga/7zip.7z', '7z', ['komga.png']],
    ['comics/komga/rar4.rar', 'rar', ['komga-1.png', 'komga-2.png', 'komga-3.png']],
    ['comics/komga/rar4-solid.rar', 'rar', ['komga-1.png', 'komga-2.png', 'komga-3.png']],
  ])('%s lists and reads every entry', async (file, format, names) => {
    const reader = await openArchive(corpusPath(file));
    expect(reader.format).toBe(format);
    const listing = await reader.list();
    expect(listing.entries.map((e) => e.name)).toEqual(names);
    for (const name of names) {
      const bytes = await reader.read(name);
      expect(bytes.subarray(0, 4).equals(PNG_MAGIC)).toBe(true);
      expect(bytes.length).toBe(3108);
    }
    await reader.close();
  });

  it('reads the RAR5 archive that p7zip cannot (ComicInfo_duplicateInfos.rar)', async () => {
    const reader = await openArchive(corpusPath('comics/kavita/ComicInfos/ComicInfo_duplicateInfos.rar'));
    const { entries } = await reader.list();
    expect(entries.map((e) => e.name)).toEqual(['ComicInfo.xml', 'Test/ComicInfo.xml']);
    expect((await reader.read('ComicInfo.xml')).toString('utf8')).toContain('<Series>BTOOOM!</Series>');
  });

  it('returns the RAR archive comment (ComicBookInfo JSON)', async () => {
    const reader = await openArchive(corpusPath('comics/comicbox/Captain Science #001-cbi.cbr'));
    const { comment } = await reader.list();
    expect(JSON.parse(comment ?? '{}')['ComicBookInfo/1.0'].series).toBe('Captain Science');
  });

  it.each([
    ['comics/komga/zip-encrypted.zip', 'read'],
    ['comics/komga/rar4-encrypted.rar', 'list'],
    ['comics/komga/rar5-encrypted.rar', 'list'],
  ])('%s is refused as an encrypted archive', async (file) => {
    const reader = await openArchive(corpusPath(file));
    const error = await refusal(reader.list().then((l) => reader.read(l.entries[0]?.name ?? '')));
    expect(error.code).toBe('encrypted');
    expect(error.reason).toBe('encrypted archive');
  });

  it('refuses a reading list (XML named .cbl) as not an archive', async () => {
    const error = await refusal(openArchive(corpusPath('comics/kavita/ReadingLists/Fables.cbl')));
    expect(error.code).toBe('unsupported');
  });

  it('lists empty zip and empty RAR5 as zero entries', async () => {
    for (const file of ['comics/kavita/Archives/empty.zip', 'comics/kavita/Archives/winrar.rar']) {
      const reader = await openArchive(corpusPath(file));
      expect((await reader.list()).entries).toEqual([]);
    }
  });
});

describe('compression methods beyond deflate (through 7-Zip)', () => {
  it.each(['BZip2', 'LZMA', 'Deflate64'])('reads a %s zip entry', async (method) => {
    const page = await tinyPng();
    const src = join(tmp.dir, `page-${method}.png`);
    writeFileSync(src, Buffer.concat([page, Buffer.alloc(5000, 7)]));
    const zip = join(tmp.dir, `m-${method}.zip`);
    execFileSync(sevenZipPath(), ['a', '-tzip', `-mm=${method}`, zip, src], { stdio: 'ignore' });
    const reader = await openArchive(zip);
    const { entries } = await reader.list();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.compressedSize).toBeLessThan(entries[0]?.size ?? 0);
    const bytes = await reader.read(`page-${method}.png`);
    expect(bytes.length).toBe(page.length + 5000);
    expect(bytes.subarray(0, 4).equals(PNG_MAGIC)).toBe(true);
  });

  it('refuses a 7z with encrypted headers', async () => {
    const src = join(tmp.dir, 'secret.png');
    writeFileSync(src, await tinyPng());
    const archive = join(tmp.dir, 'secret.7z');
    execFileSync(sevenZipPath(), ['a', '-psecret', '-mhe=on', archive, src], { stdio: 'ignore' });
    const error = await refusal((await openArchive(archive)).list());
    expect(error.code).toBe('encrypted');
  });

  it('refuses a 7z whose entries are encrypted', async () => {
    const src = join(tmp.dir, 'secret2.png');
    writeFileSync(src, await tinyPng());
    const archive = join(tmp.dir, 'secret2.7z');
    execFileSync(sevenZipPath(), ['a', '-psecret', archive, src], { stdio: 'ignore' });
    const reader = await openArchive(archive);
    const { entries } = await reader.list();
    expect(entries[0]?.encrypted).toBe(true);
    expect((await refusal(reader.read('secret2.png'))).code).toBe('encrypted');
  });
});

describe('bad input', () => {
  const write = (name: string, bytes: Buffer) => {
    const path = join(tmp.dir, name);
    writeFileSync(path, bytes);
    return path;
  };

  it('skips ../, absolute and drive-letter entries and keeps the rest', async () => {
    const png = await tinyPng();
    const path = write(
      'evil.cbz',
      buildZip([
        { name: '../evil.jpg', data: png },
        { name: '/etc/passwd.jpg', data: png },
        { name: 'C:\\Windows\\evil.jpg', data: png },
        { name: 'ok\\page.png', data: png },
        { name: 'a/../../b.png', data: png },
      ]),
    );
    const listing = await (await openArchive(path)).list();
    expect(listing.entries.map((e) => e.name)).toEqual(['ok/page.png']);
    expect(listing.skipped.map((s) => s.reason)).toEqual([
      'parent-directory (..) segment in entry name',
      'absolute path in entry name',
      'drive letter in entry name',
      'parent-directory (..) segment in entry name',
    ]);
  });

  it('skips an entry whose compression ratio is a zip bomb', async () => {
    const path = write('bomb.cbz', buildZip([{ name: 'zeros.png', data: Buffer.alloc(16 * 1024 * 1024) }]));
    const listing = await (await openArchive(path)).list();
    expect(listing.entries).toEqual([]);
    expect(listing.skipped[0]?.reason).toMatch(/compression ratio \d+:1 over the 200:1 limit/);
  });

  it('refuses an archive declaring more entries than the limit', async () => {
    const files = Array.from({ length: 501 }, (_, i) => ({ name: `p${i}.png`, data: Buffer.from('x') }));
    const path = write('many.cbz', buildZip(files));
    const error = await refusal((await openArchive(path, { ...DEFAULT_LIMITS, maxEntries: 500 })).list());
    expect(error.code).toBe('limit');
    expect(error.reason).toBe('too many entries: 501 > 500');
  });

  it('refuses an archive whose declared total size is over the limit', async () => {
    const files = [1, 2, 3].map((i) => ({ name: `p${i}.png`, data: Buffer.alloc(1000, i), store: true }));
    const path = write('total.cbz', buildZip(files));
    const error = await refusal((await openArchive(path, { ...DEFAULT_LIMITS, maxTotalBytes: 2500 })).list());
    expect(error.reason).toMatch(/unpacks to 3000 bytes/);
  });

  it('never returns more bytes than the header declared (lying size)', async () => {
    const path = write(
      'liar.cbz',
      buildZip([{ name: 'p.png', data: Buffer.alloc(100_000), declaredSize: 10 }]),
    );
    const reader = await openArchive(path);
    await reader.list();
    const error = await refusal(reader.read('p.png'));
    expect(['corrupt', 'limit']).toContain(error.code);
  });

  it('enforces the per-read byte limit', async () => {
    const path = write('big.cbz', buildZip([{ name: 'p.png', data: Buffer.alloc(10_000, 1) }]));
    const reader = await openArchive(path);
    await reader.list();
    expect((await refusal(reader.read('p.png', 1000))).code).toBe('limit');
  });

  it('refuses a truncated zip as corrupt', async () => {
    const whole = buildZip([{ name: 'p.png', data: await tinyPng() }]);
    const path = write('truncated.cbz', whole.subarray(0, whole.length - 30));
    const error = await refusal((await openArchive(path)).list());
    expect(error.code).toBe('corrupt');
    expect(error.reason).toMatch(/^corrupt archive: /);
  });

  it('refuses random bytes named .cbz, and an empty file', async () => {
    const random = write('random.cbz', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)));
    expect((await refusal(openArchive(random))).reason).toBe(
      'unsupported archive: not a ZIP, 7z, RAR or TAR file',
    );
    expect((await refusal(openArchive(write('empty.cbz', Buffer.alloc(0))))).reason).toBe(
      'corrupt archive: empty file',
    );
  });

  it('skips later duplicates of the same name', async () => {
    const png = await tinyPng();
    const path = write(
      'dup.cbz',
      buildZip([
        { name: 'a.png', data: png },
        { name: 'A.png', data: png },
      ]),
    );
    const listing = await (await openArchive(path)).list();
    expect(listing.entries.map((e) => e.name)).toEqual(['a.png']);
    expect(listing.skipped).toEqual([{ entry: 'A.png', reason: 'duplicate entry name' }]);
  });

  it('refuses a missing path as not-found', async () => {
    expect((await refusal(openArchive(join(tmp.dir, 'nope.cbz')))).code).toBe('not-found');
  });
});

describe('checkEntryPath', () => {
  it.each([
    ['a/b.png', 'a/b.png'],
    ['a\\b.png', 'a/b.png'],
    ['./a//b.png', 'a/b.png'],
  ])('normalises %s', (raw, name) => {
    expect(checkEntryPath(raw)).toEqual({ ok: true, name });
  });

  it.each(['../x', '/x', '\\x', 'C:x', 'a/\u0001b', ''])('refuses %j', (raw) => {
    expect(checkEntryPath(raw).ok).toBe(false);
  });
});
