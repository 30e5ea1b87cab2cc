import { DomUtils, parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import sanitizeHtml from 'sanitize-html';
import { resolveHref } from './epub-paths.js';

export interface ChapterContent {
  /** Body markup safe to render: no scripts, styles, event handlers, forms or remote resources. */
  html: string;
  /** Plain text with paragraph breaks, for search. */
  text: string;
  /** Archive paths of the images the chapter shows, in order. */
  images: string[];
  /** First h1–h3 heading, or the document <title>. */
  heading: string | null;
  /** Structural semantics (`epub:type`) of the body and its outermost sections: cover, titlepage, toc... */
  types: string[];
}

const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'blockquote',
  'li',
  'ul',
  'ol',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'table',
  'pre',
  'figure',
  'figcaption',
  'dt',
  'dd',
]);

const ALLOWED_TAGS = [
  ...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'a'),
  'a',
  'img',
  'ruby',
  'rt',
  'rp',
  'rb',
  'figure',
  'figcaption',
  'sub',
  'sup',
  'span',
  'div',
  'section',
  'hr',
];

/**
 * Extracts a chapter's body from (X)HTML: sanitized markup with images rewritten to their archive
 * paths, plain text, and the first heading. SVG `<image>` wrappers (fixed-layout manga) become
 * plain `<img>` so the page image survives sanitizing.
 */
export function extractChapter(xhtml: string, chapterPath: string): ChapterContent {
  const doc = parseDocument(xhtml, { recognizeSelfClosing: true, decodeEntities: true });
  const body = DomUtils.findOne((e) => e.name.toLowerCase() === 'body', doc.children, true);
  const titleNode = DomUtils.findOne((e) => e.name.toLowerCase() === 'title', doc.children, true);
  const headingNode = body
    ? DomUtils.findOne(
        (e) => /^h[1-3]$/i.test(e.name) && textFrom(e.children).trim() !== '',
        body.children,
        true,
      )
    : null;
  const heading = clean(
    headingNode ? textFrom(headingNode.children) : titleNode ? textFrom(titleNode.children) : '',
  );
  const inner = body ? DomUtils.getInnerHTML(body, { decodeEntities: false }) : xhtml;

  const images: string[] = [];
  const resolveImage = (src: string | undefined) => {
    const path = src ? resolveHref(chapterPath, src) : null;
    if (path) images.push(path);
    return path;
  };
  const html = sanitizeHtml(inner, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'id'],
      img: ['src', 'alt', 'width', 'height'],
      '*': ['id', 'lang', 'dir', 'title'],
    },
    allowedSchemes: [],
    allowedSchemesByTag: {},
    allowProtocolRelative: false,
    transformTags: {
      image: (_tag, attribs) => ({
        tagName: 'img',
        attribs: { src: resolveImage(attribs['xlink:href'] ?? attribs['href']) ?? '' },
      }),
      img: (_tag, attribs) => ({
        tagName: 'img',
        attribs: { ...attribs, src: resolveImage(attribs['src']) ?? '' },
      }),
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs['src'],
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
  });
  const text = clean(textFrom(body ? body.children : doc.children), true);
  return { html: html.trim(), text, images, heading: heading || null, types: structuralTypes(body) };
}

/** epub:type of the body and of its first-level elements (a section wrapping the whole page). */
function structuralTypes(body: Element | null): string[] {
  if (!body) return [];
  const elements = [body, ...body.children.filter((n): n is Element => n.type === 'tag')];
  return elements.flatMap((e) => (e.attribs['epub:type'] ?? '').split(/\s+/).filter(Boolean));
}

/** Plain text from an HTML fragment (OPF descriptions hold escaped HTML). */
export function htmlToText(html: string): string {
  return clean(textFrom(parseDocument(html, { decodeEntities: true }).children), true);
}

function textFrom(nodes: ChildNode[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') out += (node as unknown as { data: string }).data;
    else if ('children' in node && (node.type === 'tag' || node.type === 'root')) {
      const el = node as Element;
      const name = el.name.toLowerCase();
      if (name === 'script' || name === 'style' || name === 'rt' || name === 'rp') continue;
      const block = BLOCKS.has(name);
      if (block) out += '\n';
      out += textFrom(el.children);
      if (block) out += '\n';
    }
  }
  return out;
}

function clean(text: string, keepParagraphs = false): string {
  if (!keepParagraphs) return text.replace(/\s+/g, ' ').trim();
  return text
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((l) => l !== '')
    .join('\n');
}
