/**
 * A minimal valid EPUB 3 (with an EPUB 2 NCX for older readers) from plain-text chapters: the
 * `mimetype` entry stored first, container.xml, the package document, the navigation document,
 * one XHTML file per chapter and, when chapters were left out, a closing page naming them. The
 * zip is written by the library package's writer; XML text goes through the same escaping as the
 * feeds, so any title or paragraph is safe.
 */
import { buildZip, type ZipInput } from '@dm51/library';
import { XMLBuilder } from 'fast-xml-parser';
import { isoTime, xmlText } from './atom.js';

export interface EpubChapter {
  title: string;
  /** Plain text; each non-empty line becomes a paragraph. */
  text: string;
}

export interface EpubBook {
  id: string;
  title: string;
  authors: string[];
  language: string;
  summary: string;
  /** Unix seconds. */
  modified: number;
  chapters: EpubChapter[];
  /** Lines for the closing page (chapters this account may not read yet); none: no page. */
  missing: string[];
}

const xml = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  suppressEmptyNode: true,
});
const PROLOG = { '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' } };
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const EPUB_NS = 'http://www.idpf.org/2007/ops';

function render(root: Record<string, unknown>): Buffer {
  return Buffer.from(xml.build({ ...PROLOG, ...root }) as string, 'utf8');
}

function page(title: string, language: string, body: Record<string, unknown>): Buffer {
  return render({
    html: {
      '@_xmlns': XHTML_NS,
      '@_xmlns:epub': EPUB_NS,
      '@_xml:lang': language,
      head: { title: xmlText(title), meta: { '@_charset': 'utf-8' } },
      body,
    },
  });
}

function chapterPage(chapter: EpubChapter, language: string): Buffer {
  const paragraphs = chapter.text
    .split(/\r?\n/)
    .map((line) => xmlText(line.trim()))
    .filter(Boolean);
  return page(chapter.title, language, { h2: xmlText(chapter.title), p: paragraphs });
}

export function buildEpub(book: EpubBook): Buffer {
  const lang = book.language;
  const files = book.chapters.map((chapter, index) => ({
    id: `c${String(index + 1).padStart(4, '0')}`,
    title: chapter.title,
    data: chapterPage(chapter, lang),
  }));
  if (book.missing.length > 0) {
    files.push({
      id: 'missing',
      title: 'Not included 未包含的章节',
      data: page('Not included', lang, {
        h2: 'Not included 未包含的章节',
        p: book.missing.map(xmlText),
      }),
    });
  }

  const opf = render({
    package: {
      '@_xmlns': 'http://www.idpf.org/2007/opf',
      '@_version': '3.0',
      '@_unique-identifier': 'book-id',
      '@_xml:lang': lang,
      metadata: {
        '@_xmlns:dc': 'http://purl.org/dc/elements/1.1/',
        'dc:identifier': { '@_id': 'book-id', '#text': book.id },
        'dc:title': xmlText(book.title),
        'dc:language': lang,
        ...(book.authors.length ? { 'dc:creator': book.authors.map(xmlText) } : {}),
        ...(book.summary ? { 'dc:description': xmlText(book.summary) } : {}),
        meta: { '@_property': 'dcterms:modified', '#text': isoTime(book.modified) },
      },
      manifest: {
        item: [
          {
            '@_id': 'nav',
            '@_href': 'nav.xhtml',
            '@_media-type': 'application/xhtml+xml',
            '@_properties': 'nav',
          },
          { '@_id': 'ncx', '@_href': 'toc.ncx', '@_media-type': 'application/x-dtbncx+xml' },
          ...files.map((file) => ({
            '@_id': file.id,
            '@_href': `${file.id}.xhtml`,
            '@_media-type': 'application/xhtml+xml',
          })),
        ],
      },
      spine: { '@_toc': 'ncx', itemref: files.map((file) => ({ '@_idref': file.id })) },
    },
  });

  const nav = page(book.title, lang, {
    nav: {
      '@_epub:type': 'toc',
      '@_id': 'toc',
      h1: xmlText(book.title),
      ol: {
        li: files.map((file) => ({ a: { '@_href': `${file.id}.xhtml`, '#text': xmlText(file.title) } })),
      },
    },
  });

  const ncx = render({
    ncx: {
      '@_xmlns': 'http://www.daisy.org/z3986/2005/ncx/',
      '@_version': '2005-1',
      head: { meta: { '@_name': 'dtb:uid', '@_content': book.id } },
      docTitle: { text: xmlText(book.title) },
      navMap: {
        navPoint: files.map((file, index) => ({
          '@_id': `n${file.id}`,
          '@_playOrder': index + 1,
          navLabel: { text: xmlText(file.title) },
          content: { '@_src': `${file.id}.xhtml` },
        })),
      },
    },
  });

  const container = render({
    container: {
      '@_version': '1.0',
      '@_xmlns': 'urn:oasis:names:tc:opendocument:xmlns:container',
      rootfiles: {
        rootfile: { '@_full-path': 'OEBPS/content.opf', '@_media-type': 'application/oebps-package+xml' },
      },
    },
  });

  const entries: ZipInput[] = [
    // EPUB OCF: `mimetype` first and stored, so readers can sniff the type from byte 38.
    { name: 'mimetype', data: Buffer.from('application/epub+zip'), store: true },
    { name: 'META-INF/container.xml', data: container },
    { name: 'OEBPS/content.opf', data: opf },
    { name: 'OEBPS/nav.xhtml', data: nav },
    { name: 'OEBPS/toc.ncx', data: ncx },
    ...files.map((file) => ({ name: `OEBPS/${file.id}.xhtml`, data: file.data })),
  ];
  return buildZip(entries);
}
