import { DomUtils, parseDocument } from 'htmlparser2';
import { resolveHref } from './epub-paths.js';
import { attr, child, children, textOf, xmlParser, type XmlNode } from './xml.js';

/** Chapter titles by archive path, first entry wins (a file can hold several TOC targets). */
export type TocTitles = Map<string, string>;

/** EPUB 3 navigation document: the `<nav epub:type="toc">` links, or the first nav if none says toc. */
export function parseNav(xhtml: string, navPath: string): TocTitles {
  const doc = parseDocument(xhtml, { recognizeSelfClosing: true });
  const navs = DomUtils.findAll((e) => e.name.toLowerCase() === 'nav', doc.children);
  const toc = navs.find((n) => (n.attribs['epub:type'] ?? '').split(/\s+/).includes('toc')) ?? navs[0];
  const titles: TocTitles = new Map();
  if (!toc) return titles;
  for (const a of DomUtils.findAll((e) => e.name.toLowerCase() === 'a', toc.children)) {
    const path = a.attribs['href'] ? resolveHref(navPath, a.attribs['href']) : null;
    const title = DomUtils.textContent(a).replace(/\s+/g, ' ').trim();
    if (path && title && !titles.has(path)) titles.set(path, title);
  }
  return titles;
}

/** EPUB 3 `<nav epub:type="landmarks">`: the landmark type of each linked file (cover, toc, bodymatter...). */
export function parseLandmarks(xhtml: string, navPath: string): Map<string, string> {
  const doc = parseDocument(xhtml, { recognizeSelfClosing: true });
  const nav = DomUtils.findOne(
    (e) =>
      e.name.toLowerCase() === 'nav' && (e.attribs['epub:type'] ?? '').split(/\s+/).includes('landmarks'),
    doc.children,
    true,
  );
  const landmarks = new Map<string, string>();
  if (!nav) return landmarks;
  for (const a of DomUtils.findAll((e) => e.name.toLowerCase() === 'a', nav.children)) {
    const path = a.attribs['href'] ? resolveHref(navPath, a.attribs['href']) : null;
    const type = (a.attribs['epub:type'] ?? '').split(/\s+/)[0]?.toLowerCase();
    if (path && type && !landmarks.has(path)) landmarks.set(path, type);
  }
  return landmarks;
}

/** EPUB 2 NCX: navPoints in document order, nested ones included. */
export function parseNcx(xml: string, ncxPath: string): TocTitles {
  const doc = xmlParser.parse(xml) as XmlNode;
  const titles: TocTitles = new Map();
  const walk = (points: XmlNode[]) => {
    for (const point of points) {
      const src = attr(child(point, 'content'), 'src');
      const label = textOf(child(child(point, 'navLabel'), 'text'));
      const path = src ? resolveHref(ncxPath, src) : null;
      if (path && label && !titles.has(path)) titles.set(path, label.replace(/\s+/g, ' '));
      walk(children(point, 'navPoint'));
    }
  };
  walk(children(child(child(doc, 'ncx'), 'navMap'), 'navPoint'));
  return titles;
}
