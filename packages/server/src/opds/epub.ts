/**
 * An EPUB 3 (with an EPUB 2 NCX for older readers) made from a novel's chapters, for works that
 * have no original EPUB to serve (TXT imports) or whose original holds chapters this account may
 * not read: the `mimetype` entry stored first, container.xml, the package document (title,
 * authors, language, cover, reading direction), the navigation document, a stylesheet, one XHTML
 * file per chapter with its images and, when chapters were left out, a closing page naming them.
 *
 * The same book gives the same bytes: every entry is dated with the work's last change and
 * nothing depends on the time of the request. Chapter HTML (already sanitized at import) is
 * re-serialized as XHTML; links (which pointed into the source file) keep their text only, and an
 * image the book does not carry is left out, so the result passes epubcheck.
 */
import { buildZip, type ZipInput } from '@dm51/library';
import { XMLBuilder } from 'fast-xml-parser';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { isoTime, xmlText } from './atom.js';

export interface EpubChapter {
  title: string;
  /**
   * Sanitized chapter HTML (novel_texts.html) whose images point at entries of `images`
   * (`images/i0001.jpg`, relative to the chapter file).
   */
  html: string;
}

export interface EpubImage {
  /** Path relative to the package document, e.g. `images/i0001.jpg`. */
  href: string;
  data: Buffer;
  type: 'image/jpeg' | 'image/png' | 'image/gif';
}

export interface EpubBook {
  id: string;
  title: string;
  authors: string[];
  /** BCP 47 tag; 'und' when unknown. */
  language: string;
  summary: string;
  /** Unix seconds: dcterms:modified and every entry's date. */
  modified: number;
  /** Pages turn right to left (manga, Arabic, Hebrew): page-progression-direction="rtl". */
  rtl: boolean;
  cover: EpubImage | null;
  images: EpubImage[];
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
const PROLOG = '<?xml version="1.0" encoding="UTF-8"?>\n';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const EPUB_NS = 'http://www.idpf.org/2007/ops';
const STYLESHEET = `body { margin: 0 5%; line-height: 1.6; text-align: justify; }
h1, h2, h3 { text-align: center; line-height: 1.3; }
p { margin: 0 0 0.8em; text-indent: 2em; }
img { max-width: 100%; height: auto; }
.missing p { text-indent: 0; }
`;
/** Scripts written right to left: their text gets dir="rtl". */
const RTL_LANGUAGES = /^(?:ar|he|iw|fa|ur|yi|ps|sd|ug|dv|ckb)(?:-|$)/i;

function render(root: Record<string, unknown>): Buffer {
  return Buffer.from(PROLOG + (xml.build(root) as string), 'utf8');
}

function escapeXml(text: string): string {
  return xmlText(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** An XHTML page around `body` (already XHTML markup). */
function page(title: string, language: string, body: string, bodyClass = ''): Buffer {
  const dir = RTL_LANGUAGES.test(language) ? ' dir="rtl"' : '';
  return Buffer.from(
    `${PROLOG}<!DOCTYPE html>\n<html xmlns="${XHTML_NS}" xmlns:epub="${EPUB_NS}" xml:lang="${escapeXml(language)}" lang="${escapeXml(language)}"${dir}>\n` +
      `<head><meta charset="utf-8"/><title>${escapeXml(title)}</title><link rel="stylesheet" type="text/css" href="style.css"/></head>\n` +
      `<body${bodyClass ? ` class="${bodyClass}"` : ''}>\n${body}\n</body>\n</html>\n`,
    'utf8',
  );
}

/**
 * Chapter HTML → XHTML body markup: links lose their href (their targets are not in this book),
 * images not carried by the book go, everything else is written back as well-formed XML.
 */
export function chapterXhtml(html: string, carried: ReadonlySet<string>): string {
  // Entities stay as written: the import's sanitizer escapes only & < > " (XML's own) and writes
  // every other character as it is, so the markup is valid XML text once tags are well-formed.
  const doc = parseDocument(html, { decodeEntities: false });
  const walk = (nodes: ChildNode[]) => {
    for (const node of [...nodes]) {
      if (node.type !== 'tag') continue;
      const element = node as Element;
      if (element.name === 'a') delete element.attribs['href'];
      if (element.name === 'img') {
        if (!carried.has(element.attribs['src'] ?? '')) {
          DomUtils.removeElement(element);
          continue;
        }
        element.attribs['alt'] ??= '';
      }
      walk(element.children);
    }
  };
  walk(doc.children);
  return xmlText(
    DomUtils.getOuterHTML(doc.children, {
      xmlMode: true,
      decodeEntities: false,
      encodeEntities: false,
      selfClosingTags: true,
    }),
  );
}

/**
 * The heading a made book puts above a chapter's text: its title, unless the text has a heading of
 * its own (an EPUB chapter's has; a TXT chapter's has none). Progress sync reads chapters the
 * way the book lays them out, so it asks this too.
 */
export function addedHeading(chapter: EpubChapter): string {
  return /<h[1-3][\s>]/i.test(chapter.html) ? '' : `<h2>${escapeXml(chapter.title)}</h2>\n`;
}

export function buildEpub(book: EpubBook): Buffer {
  const lang = book.language || 'und';
  const carried = new Set(book.images.map((image) => image.href));
  const files = book.chapters.map((chapter, index) => {
    const body = chapterXhtml(chapter.html, carried);
    const heading = addedHeading(chapter);
    return {
      id: `c${String(index + 1).padStart(4, '0')}`,
      title: chapter.title,
      data: page(chapter.title, lang, heading + body),
    };
  });
  if (book.missing.length > 0) {
    files.push({
      id: 'missing',
      title: 'Not included 未包含的章节',
      data: page(
        'Not included',
        lang,
        `<h2>Not included 未包含的章节</h2>\n${book.missing.map((line) => `<p>${escapeXml(line)}</p>`).join('\n')}`,
        'missing',
      ),
    });
  }
  const images = [...(book.cover ? [{ ...book.cover, id: 'cover-image' }] : [])].concat(
    book.images.map((image, i) => ({ ...image, id: `img${String(i + 1).padStart(4, '0')}` })),
  );

  const opf = render({
    package: {
      '@_xmlns': 'http://www.idpf.org/2007/opf',
      '@_version': '3.0',
      '@_unique-identifier': 'book-id',
      '@_xml:lang': lang,
      ...(RTL_LANGUAGES.test(lang) ? { '@_dir': 'rtl' } : {}),
      metadata: {
        '@_xmlns:dc': 'http://purl.org/dc/elements/1.1/',
        'dc:identifier': { '@_id': 'book-id', '#text': xmlText(book.id) },
        'dc:title': xmlText(book.title),
        'dc:language': xmlText(lang),
        ...(book.authors.length ? { 'dc:creator': book.authors.map(xmlText) } : {}),
        ...(book.summary ? { 'dc:description': xmlText(book.summary) } : {}),
        meta: [
          { '@_property': 'dcterms:modified', '#text': isoTime(book.modified) },
          // EPUB 2 readers find the cover by this meta.
          ...(book.cover ? [{ '@_name': 'cover', '@_content': 'cover-image' }] : []),
        ],
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
          { '@_id': 'css', '@_href': 'style.css', '@_media-type': 'text/css' },
          ...images.map((image) => ({
            '@_id': image.id,
            '@_href': image.href,
            '@_media-type': image.type,
            ...(image.id === 'cover-image' ? { '@_properties': 'cover-image' } : {}),
          })),
          ...files.map((file) => ({
            '@_id': file.id,
            '@_href': `${file.id}.xhtml`,
            '@_media-type': 'application/xhtml+xml',
          })),
        ],
      },
      spine: {
        '@_toc': 'ncx',
        ...(book.rtl ? { '@_page-progression-direction': 'rtl' } : {}),
        itemref: files.map((file) => ({ '@_idref': file.id })),
      },
    },
  });

  const nav = page(
    book.title,
    lang,
    `<nav epub:type="toc" id="toc"><h1>${escapeXml(book.title)}</h1><ol>\n${files
      .map((file) => `<li><a href="${file.id}.xhtml">${escapeXml(file.title)}</a></li>`)
      .join('\n')}\n</ol></nav>`,
  );

  const ncx = render({
    ncx: {
      '@_xmlns': 'http://www.daisy.org/z3986/2005/ncx/',
      '@_version': '2005-1',
      head: { meta: { '@_name': 'dtb:uid', '@_content': xmlText(book.id) } },
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

  const modified = new Date(book.modified * 1000);
  const entries: ZipInput[] = [
    // EPUB OCF: `mimetype` first and stored, so readers can sniff the type from byte 38.
    { name: 'mimetype', data: Buffer.from('application/epub+zip'), store: true },
    { name: 'META-INF/container.xml', data: container },
    { name: 'OEBPS/content.opf', data: opf },
    { name: 'OEBPS/nav.xhtml', data: nav },
    { name: 'OEBPS/toc.ncx', data: ncx },
    { name: 'OEBPS/style.css', data: Buffer.from(STYLESHEET, 'utf8') },
    // Pictures are compressed already.
    ...images.map((image) => ({ name: `OEBPS/${image.href}`, data: image.data, store: true })),
    ...files.map((file) => ({ name: `OEBPS/${file.id}.xhtml`, data: file.data })),
  ];
  return buildZip(entries.map((entry) => ({ ...entry, modified })));
}
