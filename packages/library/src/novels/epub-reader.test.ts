import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusPath } from '../testing/corpus.js';
import { tempDir } from '../testing/fixtures.js';
import { buildZip, type ZipInput } from '../testing/zip-builder.js';
import { pictureBookPages, readEpub } from './epub-reader.js';
import { classifyMatter, isGutenbergBoilerplate, unquoteTitle } from './front-matter.js';
import { parseNav, parseNcx } from './epub-toc.js';
import { parseOpf } from './opf.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

// Every EPUB in the corpus README with its outcome.
const CORPUS: [
  string,
  (
    | {
        title: string;
        chapters: number;
        language: string;
        cover: string | null;
        firstTitles: string[];
        /** Spine positions of front and back matter (covers, contents, licences). */
        front: number[];
        back: number[];
        /** Page images when the book is a picture book, else null. */
        pictures: number | null;
      }
    | { refused: string }
  ),
][] = [
  [
    'epub/idpf-epub3-samples/childrens-literature.epub',
    {
      title: "Children's Literature",
      chapters: 3,
      language: 'en',
      cover: 'EPUB/images/cover.png',
      firstTitles: ["Children's Literature", 'THE CONTENTS'],
      front: [0, 1],
      back: [],
      pictures: null,
    },
  ],
  [
    'epub/idpf-epub3-samples/hefty-water.epub',
    {
      title: 'Hefty Water',
      chapters: 1,
      language: 'en',
      cover: null,
      firstTitles: ['Hefty Water'],
      front: [],
      back: [],
      pictures: null,
    },
  ],
  [
    'epub/idpf-epub3-samples/vertically-scrollable-manga.epub',
    {
      title: '鳥の眼',
      chapters: 2,
      language: 'ja',
      cover: 'OEBPS/image/000.jpg',
      firstTitles: ['鳥の眼', '『鳥の眼』について'],
      front: [],
      back: [1],
      pictures: 10,
    },
  ],
  [
    'epub/idpf-epub3-samples/wasteland-woff-obf.epub',
    {
      title: 'The Waste Land',
      chapters: 1,
      language: 'en-US',
      cover: 'EPUB/wasteland-cover.jpg',
      firstTitles: ['I. THE BURIAL OF THE DEAD'],
      front: [],
      back: [],
      pictures: null,
    },
  ],
  ['epub/invalid/komga-zip-as-epub.epub', { refused: 'invalid' }],
  [
    'epub/kavita/The Golden Harpoon; Or, Lost Among the Floes A Story of the Whaling Grounds.epub',
    {
      title: 'The Golden Harpoon / Lost Among the Floes',
      chapters: 16,
      language: 'en',
      cover: 'OEBPS/@public@vhost@g@gutenberg@html@files@64999@64999-h@images@cover.jpg',
      firstTitles: ['Cover', 'THE GOLDEN HARPOON; OR, LOST AMONG THE FLOES'],
      // Cover, Gutenberg header, contents; the licence page at the end.
      front: [0, 1, 2],
      back: [15],
      pictures: null,
    },
  ],
  [
    'epub/kavita/TitleWithVolume_NoSeriesOrSeriesIndex.epub',
    {
      title: 'Accel World, Vol 1',
      chapters: 16,
      language: 'en',
      cover: 'OEBPS/@public@vhost@g@gutenberg@html@files@64999@64999-h@images@cover.jpg',
      firstTitles: ['Cover', 'THE GOLDEN HARPOON; OR, LOST AMONG THE FLOES'],
      // Cover, Gutenberg header, contents; the licence page at the end.
      front: [0, 1, 2],
      back: [15],
      pictures: null,
    },
  ],
  [
    'epub/komga/epub3.epub',
    {
      title: 'zip',
      chapters: 2,
      language: 'en',
      cover: 'cover.jpeg',
      firstTitles: ['Cover', 'Page 1'],
      front: [0],
      back: [],
      pictures: 2,
    },
  ],
  [
    'epub/stump/book.epub',
    {
      title: "Alice's Adventures in Wonderland",
      chapters: 15,
      language: 'en',
      cover: 'OEBPS/394382034267688847_cover.jpg',
      firstTitles: [
        'Cover',
        "The Project Gutenberg eBook of Alice's Adventures in Wonderland",
        'CHAPTER I. Down the Rabbit-Hole',
      ],
      front: [0, 1],
      back: [14],
      pictures: null,
    },
  ],
];

describe('readEpub on every corpus EPUB', () => {
  it.each(CORPUS)('%s', async (file, expected) => {
    if ('refused' in expected) {
      await expect(readEpub(corpusPath(file))).rejects.toMatchObject({
        code: expected.refused,
        reason: 'invalid EPUB: no META-INF/container.xml',
      });
      return;
    }
    const book = await readEpub(corpusPath(file));
    expect(book.metadata.title).toBe(expected.title);
    expect(book.metadata.language).toBe(expected.language);
    expect(book.chapters).toHaveLength(expected.chapters);
    expect(book.coverImage).toBe(expected.cover);
    expect(book.chapters.slice(0, expected.firstTitles.length).map((c) => c.title)).toEqual(
      expected.firstTitles,
    );
    const at = (matter: string) => book.chapters.flatMap((c, i) => (c.matter === matter ? [i] : []));
    expect(at('front')).toEqual(expected.front);
    expect(at('back')).toEqual(expected.back);
    expect(pictureBookPages(book)?.length ?? null).toBe(expected.pictures);
  });

  it('gives the fixed manga its page images in order, and no rtl (the sample comments it out)', async () => {
    const book = await readEpub(corpusPath('epub/idpf-epub3-samples/vertically-scrollable-manga.epub'));
    expect(book.chapters[0]?.images).toEqual(
      Array.from({ length: 10 }, (_, i) => `OEBPS/image/${String(i + 1).padStart(3, '0')}.jpg`),
    );
    expect(book.direction).toBeNull();
    expect(book.metadata.authors).toEqual(['ムライ']);
  });

  it('reads chapter text for search (Alice chapter I)', async () => {
    const book = await readEpub(corpusPath('epub/stump/book.epub'));
    const chapter = book.chapters[2];
    expect(chapter?.text).toContain('Alice was beginning to get very tired of sitting by her sister');
    expect(chapter?.html).not.toMatch(/<script|onclick|<style/i);
  });

  it('ignores obfuscated fonts without failing', async () => {
    const book = await readEpub(corpusPath('epub/idpf-epub3-samples/wasteland-woff-obf.epub'));
    expect(book.chapters[0]?.text).toContain('April is the cruellest month');
  });
});

describe('OPF fixtures', () => {
  const opf = (name: string) =>
    parseOpf(readFileSync(corpusPath(`epub/opf-fixtures/${name}`), 'utf8'), 'OEBPS/content.opf');

  it('reads calibre EPUB 2 metadata with roles and escaped-HTML description (1979)', () => {
    const { metadata, coverImage } = opf('komga/1979.opf');
    expect(metadata.title).toBe('1979');
    expect(metadata.creators.slice(0, 2)).toEqual([
      { name: 'Kracht, Christian', role: 'aut', fileAs: 'Kracht, Christian' },
      { name: 'The Editor', role: 'edt', fileAs: 'Editor, The' },
    ]);
    expect(metadata.authors).toEqual(['Kracht, Christian']);
    expect(metadata.description).toMatch(/^Auf dem Weg nach Teheran/);
    expect(metadata.description).not.toMatch(/[<>]/);
    expect(coverImage).toBe('OEBPS/cover.jpeg');
  });

  it('reads belongs-to-collection series (Die Drei 3, Panik im Paradies)', () => {
    expect(opf('komga/Die Drei 3.opf').metadata.series).toEqual({ name: 'Die drei ??? Kids', index: '3' });
    expect(opf('komga/Panik im Paradies.opf').metadata.series).toEqual({
      name: 'Die drei ??? Kids',
      index: '1.5',
    });
  });

  it('reads the same metadata through non-default namespace prefixes', () => {
    const plain = opf('komga/Panik im Paradies.opf');
    const prefixed = opf('komga/Panik im Paradies - namespace.opf');
    expect(prefixed.metadata).toEqual(plain.metadata);
    expect(prefixed.spine.length).toBe(plain.spine.length);
    expect(prefixed.metadata.authors).toEqual(['Ulf Blanck']);
  });

  it('reads the ISBN and treats an empty escaped description as none (clash)', () => {
    const { metadata } = opf('komga/clash.opf');
    expect(metadata.identifiers).toContain('978-0-553-89784-5');
    expect(metadata.description).toBeNull();
  });

  it('reads subjects (Stump Alice OPF)', () => {
    expect(opf('stump/book.opf').metadata.subjects).toContain('Fantasy fiction');
  });

  it('reads nav.xhtml and toc.ncx titles, decoding %20 and nested points', () => {
    const nav = parseNav(
      readFileSync(corpusPath('epub/opf-fixtures/komga/nav.xhtml'), 'utf8'),
      'OEBPS/nav.xhtml',
    );
    expect(nav.get('OEBPS/chapter 027.xhtml')).toBe('Summer');
    expect(nav.get('OEBPS/chapter053.xhtml')).toBe('Fall');
    const ncx = parseNcx(
      readFileSync(corpusPath('epub/opf-fixtures/komga/toc.ncx'), 'utf8'),
      'OEBPS/toc.ncx',
    );
    expect(ncx.get('OEBPS/Text/Mart_9780553897852_epub_c69_r1.htm')).toBe('BRAN');
    expect(ncx.size).toBe(6);
  });
});

const CONTAINER = `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`;

function epub(files: ZipInput[], name: string): string {
  const path = join(tmp.dir, name);
  writeFileSync(
    path,
    buildZip([{ name: 'mimetype', data: Buffer.from('application/epub+zip'), store: true }, ...files]),
  );
  return path;
}

function opfXml(extraMeta = '', spineAttrs = '') {
  return `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="2.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
<dc:title>测试</dc:title><dc:creator opf:role="aut">作者</dc:creator><dc:language>zh</dc:language>
<meta name="calibre:series" content="系列"/><meta name="calibre:series_index" content="2"/>${extraMeta}</metadata>
<manifest><item id="c1" href="text/c1.xhtml" media-type="application/xhtml+xml"/><item id="c2" href="text/c2.xhtml" media-type="application/xhtml+xml"/>
<item id="img" href="img/p1.jpg" media-type="image/jpeg"/><item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/></manifest>
<spine toc="ncx" ${spineAttrs}><itemref idref="c1"/><itemref idref="c2"/></spine></package>`;
}

describe('readEpub on generated books', () => {
  const c1 = `<html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title><script>alert(1)</script><style>p{}</style></head>
<body onload="evil()"><h1>第一章 开始</h1><p onclick="x()">你好 &amp; <a href="javascript:alert(1)">link</a></p>
<img src="../img/p1.jpg" alt="p"/><img src="https://tracker.example/x.png"/><img src="../../../etc/passwd"/>
<svg xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="../img/p1.jpg"/></svg><iframe src="x.html"></iframe></body></html>`;
  const c2 = `<html><body><p>No heading here.</p></body></html>`;
  const ncx = `<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/"><navMap><navPoint><navLabel><text>开篇</text></navLabel><content src="text/c1.xhtml#top"/></navPoint></navMap></ncx>`;
  const files = (opf: string): ZipInput[] => [
    { name: 'META-INF/container.xml', data: Buffer.from(CONTAINER) },
    { name: 'OPS/book.opf', data: Buffer.from(opf) },
    { name: 'OPS/toc.ncx', data: Buffer.from(ncx) },
    { name: 'OPS/text/c1.xhtml', data: Buffer.from(c1) },
    { name: 'OPS/text/c2.xhtml', data: Buffer.from(c2) },
    { name: 'OPS/img/p1.jpg', data: Buffer.from('jpeg') },
  ];

  it('sanitizes chapters, resolves images and falls back on titles', async () => {
    const book = await readEpub(
      epub(
        files(
          opfXml(
            '<meta property="rendition:layout">pre-paginated</meta>',
            'page-progression-direction="rtl"',
          ),
        ),
        'gen.epub',
      ),
    );
    expect(book.metadata).toMatchObject({
      title: '测试',
      authors: ['作者'],
      language: 'zh',
      series: { name: '系列', index: '2' },
    });
    expect(book.direction).toBe('rtl');
    expect(book.layout).toBe('pre-paginated');
    const [first, second] = book.chapters;
    expect(first?.title).toBe('开篇'); // from the NCX
    expect(second?.title).toBe('Chapter 2'); // no TOC entry, no heading
    expect(first?.images).toEqual(['OPS/img/p1.jpg', 'OPS/img/p1.jpg']);
    const html = first?.html ?? '';
    for (const bad of [
      'script',
      'alert',
      'onclick',
      'onload',
      'javascript:',
      'tracker.example',
      'passwd',
      'iframe',
      'style',
    ]) {
      expect(html).not.toContain(bad);
    }
    expect(html).toContain('<img src="OPS/img/p1.jpg" alt="p" />');
    expect(first?.text).toBe('第一章 开始\n你好 & link');
  });

  it('refuses an EPUB whose chapters are encrypted (DRM)', async () => {
    const encryption = `<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/><enc:CipherData><enc:CipherReference URI="OPS/text/c1.xhtml"/></enc:CipherData></enc:EncryptedData></encryption>`;
    const path = epub(
      [...files(opfXml()), { name: 'META-INF/encryption.xml', data: Buffer.from(encryption) }],
      'drm.epub',
    );
    await expect(readEpub(path)).rejects.toMatchObject({ code: 'encrypted', reason: 'encrypted EPUB (DRM)' });
  });

  it('refuses a container pointing at a missing OPF, and an unparsable OPF', async () => {
    const missing = epub([{ name: 'META-INF/container.xml', data: Buffer.from(CONTAINER) }], 'noopf.epub');
    await expect(readEpub(missing)).rejects.toMatchObject({
      reason: 'invalid EPUB: package document OPS/book.opf not found',
    });
    const broken = epub(
      [
        { name: 'META-INF/container.xml', data: Buffer.from(CONTAINER) },
        { name: 'OPS/book.opf', data: Buffer.from('<notpackage/>') },
      ],
      'badopf.epub',
    );
    await expect(readEpub(broken)).rejects.toMatchObject({ code: 'invalid' });
  });
});

describe('front matter and picture books', () => {
  const page = (body: string, type = '') =>
    Buffer.from(
      `<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>t</title></head><body${type ? ` epub:type="${type}"` : ''}>${body}</body></html>`,
    );
  const book = (
    items: { id: string; data: Buffer }[],
    opfExtra: { meta?: string; spine?: string; guide?: string },
  ) => {
    const opf = `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>T</dc:title><dc:language>en</dc:language>${opfExtra.meta ?? ''}</metadata>
<manifest>${items.map((i) => `<item id="${i.id}" href="${i.id}.xhtml" media-type="application/xhtml+xml"/>`).join('')}<item id="p" href="p.jpg" media-type="image/jpeg"/><item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/></manifest>
<spine toc="ncx" ${opfExtra.spine ?? ''}>${items.map((i) => `<itemref idref="${i.id}"/>`).join('')}</spine>${opfExtra.guide ?? ''}</package>`;
    const ncx = `<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/"><navMap>${items
      .map(
        (i) =>
          `<navPoint><navLabel><text>“${i.id}”</text></navLabel><content src="${i.id}.xhtml"/></navPoint>`,
      )
      .join('')}</navMap></ncx>`;
    return [
      { name: 'META-INF/container.xml', data: Buffer.from(CONTAINER) },
      { name: 'OPS/book.opf', data: Buffer.from(opf) },
      { name: 'OPS/toc.ncx', data: Buffer.from(ncx) },
      { name: 'OPS/p.jpg', data: Buffer.from('jpeg') },
      ...items.map((i) => ({ name: `OPS/${i.id}.xhtml`, data: i.data })),
    ];
  };
  const prose = '<p>It was a dark and stormy night; the rain fell in torrents.</p>'.repeat(20);

  it('keeps guide-typed and epub:type pages apart, and strips the quotes of TOC labels', async () => {
    const read = await readEpub(
      epub(
        book(
          [
            { id: 'cover', data: page('<img src="p.jpg"/>') },
            { id: 'rights', data: page('<p>All rights reserved.</p>', 'copyright-page') },
            { id: 'one', data: page(prose) },
            { id: 'two', data: page(prose) },
            { id: 'colophon', data: page('<p>Set in Garamond.</p>') },
          ],
          { guide: '<guide><reference type="colophon" href="colophon.xhtml" title="c"/></guide>' },
        ),
        'matter.epub',
      ),
    );
    expect(read.chapters.map((c) => [c.title, c.matter])).toEqual([
      ['cover', 'front'],
      ['rights', 'front'],
      ['one', null],
      ['two', null],
      ['colophon', 'back'],
    ]);
    expect(pictureBookPages(read)).toBeNull();
  });

  it('reads a pre-paginated right-to-left book of one picture a page as pages in spine order', async () => {
    const read = await readEpub(
      epub(
        book(
          [
            { id: 'p1', data: page('<svg><image xlink:href="p.jpg"/></svg>') },
            { id: 'p2', data: page('<img src="p.jpg"/><p>2</p>') },
          ],
          {
            meta: '<meta property="rendition:layout">pre-paginated</meta>',
            spine: 'page-progression-direction="rtl"',
          },
        ),
        'fixed.epub',
      ),
    );
    expect(read.direction).toBe('rtl');
    expect(pictureBookPages(read)).toEqual(['OPS/p.jpg']);
  });

  it('classifies by position: matter-like pages between chapters stay chapters', () => {
    const doc = (title: string, text: string) => ({ title, text, images: 0, types: [], isNav: false });
    expect(
      classifyMatter([doc('Contents', 'x'), doc('One', 'text'), doc('Contents', 'x'), doc('Two', 'text')]),
    ).toEqual(['front', null, null, null]);
    // Nothing but matter-like pages: they are the book.
    expect(classifyMatter([doc('Cover', 'x')])).toEqual([null]);
  });

  it('tells Gutenberg boilerplate from a book that merely mentions it', () => {
    const header =
      'The Project Gutenberg eBook of X\nThis eBook is for the use of anyone.\n*** START OF THE PROJECT GUTENBERG EBOOK X ***';
    expect(isGutenbergBoilerplate(header)).toBe(true);
    expect(isGutenbergBoilerplate('*** END OF THE PROJECT GUTENBERG EBOOK X ***\nSection 1.')).toBe(true);
    expect(isGutenbergBoilerplate(`${header}\n${'Chapter one. '.repeat(200)}`)).toBe(false);
    expect(isGutenbergBoilerplate('He read it on Project Gutenberg once.')).toBe(false);
  });

  it('unquotes whole-title quotes only', () => {
    expect(unquoteTitle('"Title"')).toBe('Title');
    expect(unquoteTitle('“Chapter 1”')).toBe('Chapter 1');
    expect(unquoteTitle('A “STOVE” BOAT.')).toBe('A “STOVE” BOAT.');
    expect(unquoteTitle('"One" and "Two"')).toBe('"One" and "Two"');
  });
});
