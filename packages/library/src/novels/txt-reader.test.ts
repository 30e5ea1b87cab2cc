import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/fixtures.js';
import { decodeText } from './text-encoding.js';
import { readTxt, splitChapters } from './txt-reader.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const NOVEL = `斗破苍穹
作者：天蚕土豆

第一卷 陨落的天才
第1章 陨落的天才
“斗之力，三段！”望着测验魔石碑上面闪亮得甚至有些刺眼的五个大字，少年面无表情。
第二章 斗气大陆
月如银盘，漫天繁星。这是一个属于斗气的世界，没有花俏艳丽的魔法，有的，仅仅是繁衍到巅峰的斗气！
第一百二十回 终局
他们说了很多话，我们都知道这个故事的结局。
`;

const TRADITIONAL = `鬥破蒼穹
第1章 隕落的天才
「鬥之力，三段！」望著測驗魔石碑上面閃亮得甚至有些刺眼的五個大字，少年面無表情。
第二章 鬥氣大陸
月如銀盤，漫天繁星。這是一個屬於鬥氣的世界。
`;

function write(name: string, bytes: Buffer): string {
  const path = join(tmp.dir, name);
  writeFileSync(path, bytes);
  return path;
}

describe('readTxt encodings', () => {
  it.each([
    ['UTF-8', Buffer.from(NOVEL, 'utf8')],
    ['UTF-8', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(NOVEL, 'utf8')])],
    ['UTF-16LE', iconv.encode(NOVEL, 'utf16le', { addBOM: true })],
    ['UTF-16BE', iconv.encode(NOVEL, 'utf16be', { addBOM: true })],
    ['GB18030', iconv.encode(NOVEL, 'gbk')],
  ])('detects %s', async (encoding, bytes) => {
    const book = await readTxt(write(`novel-${encoding}-${bytes.length}.txt`, bytes));
    expect(book.encoding).toBe(encoding);
    expect(book.chapters.map((c) => c.title)).toEqual([
      '序',
      '第1章 陨落的天才',
      '第二章 斗气大陆',
      '第一百二十回 终局',
    ]);
    expect(book.chapters[1]?.text).toContain('望着测验魔石碑');
    expect(book.chapters[1]?.volume).toBe('第一卷 陨落的天才');
  });

  it('detects Big5 (traditional Chinese)', async () => {
    const book = await readTxt(write('novel-big5.txt', iconv.encode(TRADITIONAL, 'big5')));
    expect(book.encoding).toBe('Big5');
    expect(book.chapters.map((c) => c.title)).toEqual(['序', '第1章 隕落的天才', '第二章 鬥氣大陸']);
    expect(book.chapters[2]?.text).toBe('月如銀盤，漫天繁星。這是一個屬於鬥氣的世界。');
  });

  it('detects a short Big5 text against GB18030', () => {
    const text = '他說：「我們明天見。」這是一個很長的故事，關於我們的國家和人民。';
    const decoded = decodeText(iconv.encode(text, 'big5'));
    expect(decoded).toEqual({ encoding: 'Big5', text });
  });

  it('detects BOM-less UTF-16LE English', () => {
    expect(decodeText(iconv.encode('Chapter 1\nIt was a dark night.', 'utf16le')).encoding).toBe('utf16le');
  });

  it('refuses binary data and empty files with a reason', async () => {
    const binary = Buffer.from(Array.from({ length: 2000 }, (_, i) => (i % 3 === 0 ? 0 : (i * 37) % 256)));
    await expect(readTxt(write('binary.txt', binary))).rejects.toMatchObject({ code: 'encoding' });
    await expect(readTxt(write('empty.txt', Buffer.alloc(0)))).rejects.toMatchObject({
      code: 'no-content',
      reason: 'empty text file',
    });
  });
});

describe('splitChapters', () => {
  it('splits English headings, arabic and roman', () => {
    const text = 'Title page\n\nChapter 1\nOne.\n\nCHAPTER XII\nTwelve.\nChap. 13 The End\nThirteen.';
    expect(splitChapters(text, 'x').map((c) => [c.title, c.text])).toEqual([
      ['Preface', 'Title page'],
      ['Chapter 1', 'One.'],
      ['CHAPTER XII', 'Twelve.'],
      ['Chap. 13 The End', 'Thirteen.'],
    ]);
  });

  it('does not take a long sentence starting with 第 for a heading', () => {
    const text =
      '第1章 开始\n第一次见到他的时候，我们都还很年轻，那是在很多年以前的一个夏天的傍晚，天边挂着晚霞。';
    expect(splitChapters(text, 'x')).toHaveLength(1);
  });

  it('drops an empty table of contents and keeps a book without headings whole', () => {
    const toc = '第1章 一\n第2章 二\n\n第1章 一\n正文一\n第2章 二\n正文二';
    expect(splitChapters(toc, 'x').map((c) => c.text)).toEqual(['正文一', '正文二']);
    expect(splitChapters('just some text\nmore', 'My Book')).toEqual([
      { index: 0, title: 'My Book', volume: null, text: 'just some text\nmore' },
    ]);
  });
});
