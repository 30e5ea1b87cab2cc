import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusPath } from '../testing/corpus.js';
import { tempDir } from '../testing/fixtures.js';
import { buildZip } from '../testing/zip-builder.js';
import { detectKind, detectKindByContent, kindFromLayout } from './kind-detector.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('kindFromLayout', () => {
  it.each([
    ['/lib/comics/One Piece/v01.cbz', 'comic'],
    ['/lib/novels/三体/三体.txt', 'novel'],
    ['/lib/anime/Frieren/S01E01.mkv', 'anime'],
    ['/lib/漫画/海贼王/第1卷.cbz', 'comic'],
    ['/lib/小说/三体.epub', 'novel'],
    ['/lib/动漫/某番/第1集.mp4', 'anime'],
    ['/lib/other/x.cbz', 'unknown'],
    // Folder names are data, not object keys: inherited property names are not layouts.
    ['/lib/constructor/x.cbz', 'unknown'],
    ['/lib/__proto__/x.cbz', 'unknown'],
    ['/lib/COMICS/x.cbz', 'comic'],
  ])('%s → %s', (path, kind) => {
    expect(kindFromLayout(path)).toBe(kind);
  });
});

describe('detectKindByContent', () => {
  it.each([
    ['epub/stump/book.epub', 'novel'],
    ['epub/komga/epub3.epub', 'novel'],
    ['comics/komga/zip.zip', 'comic'],
    ['comics/komga/7zip.7z', 'comic'],
    ['comics/komga/rar4.rar', 'comic'],
    ['comics/derived-image-folder/Captain Science 001', 'comic'],
    ['comics/kavita/ComicInfos/ComicInfo.zip', 'unknown'],
    ['comics/komga/rar5-encrypted.rar', 'unknown'],
  ])('%s → %s', async (file, kind) => {
    expect(await detectKindByContent(corpusPath(file))).toBe(kind);
  });

  it('recognises video by magic bytes, text by extension, EPUB without the stored mimetype', async () => {
    const mp4 = join(tmp.dir, 'clip.bin');
    writeFileSync(
      mp4,
      Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(40)]),
    );
    const mkv = join(tmp.dir, 'clip2.bin');
    writeFileSync(mkv, Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(40)]));
    const txt = join(tmp.dir, 'book.txt');
    writeFileSync(txt, '第1章\n正文');
    const epub = join(tmp.dir, 'book.zip');
    writeFileSync(epub, buildZip([{ name: 'META-INF/container.xml', data: Buffer.from('<container/>') }]));
    const empty = join(tmp.dir, 'empty');
    mkdirSync(empty);
    expect(await detectKindByContent(mp4)).toBe('anime');
    expect(await detectKindByContent(mkv)).toBe('anime');
    expect(await detectKindByContent(txt)).toBe('novel');
    expect(await detectKindByContent(epub)).toBe('novel');
    expect(await detectKindByContent(empty)).toBe('unknown');
    expect(await detect('comics', 'x.cbz')).toBe('comic');
  });
});

async function detect(layout: string, name: string) {
  const dir = join(tmp.dir, layout);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), 'whatever');
  return detectKind(join(dir, name));
}
