/**
 * OPDS 1.2 catalogues are Atom feeds. This file turns plain feed records into the XML with
 * fast-xml-parser's builder (which escapes text and attributes), so the feed builders never
 * concatenate markup. Namespaces: Atom, OPDS, OpenSearch (paging), Dublin Core terms (language,
 * issued) and OPDS-PSE (page streaming, https://github.com/anansi-project/opds-pse).
 */
import { XMLBuilder } from 'fast-xml-parser';

export const MIME = {
  navigation: 'application/atom+xml;profile=opds-catalog;kind=navigation',
  acquisition: 'application/atom+xml;profile=opds-catalog;kind=acquisition',
  entry: 'application/atom+xml;type=entry;profile=opds-catalog',
  openSearch: 'application/opensearchdescription+xml',
  epub: 'application/epub+zip',
  jpeg: 'image/jpeg',
} as const;

export const REL = {
  acquisition: 'http://opds-spec.org/acquisition',
  openAccess: 'http://opds-spec.org/acquisition/open-access',
  image: 'http://opds-spec.org/image',
  thumbnail: 'http://opds-spec.org/image/thumbnail',
  pseStream: 'http://vaemendis.net/opds-pse/stream',
  sortNew: 'http://opds-spec.org/sort/new',
  sortPopular: 'http://opds-spec.org/sort/popular',
} as const;

const NS = {
  xmlns: 'http://www.w3.org/2005/Atom',
  'xmlns:opds': 'http://opds-spec.org/2010/catalog',
  'xmlns:opensearch': 'http://a9.com/-/spec/opensearch/1.1/',
  'xmlns:dcterms': 'http://purl.org/dc/terms/',
  'xmlns:pse': 'http://vaemendis.net/opds-pse/ns',
};

export interface AtomLink {
  href: string;
  type: string;
  rel?: string;
  title?: string;
  /** Extension attributes such as `pse:count`. */
  extra?: Record<string, string | number>;
}

export interface AtomEntry {
  id: string;
  title: string;
  /** Unix seconds. */
  updated: number;
  authors?: string[];
  /** A text description; Atom wants content (or an alternate link) in every entry. */
  content: string;
  categories?: string[];
  language?: string;
  links: AtomLink[];
}

export interface AtomFeed {
  id: string;
  title: string;
  updated: number;
  kind: 'navigation' | 'acquisition';
  /** self, start, up, search, next… */
  links: AtomLink[];
  entries: AtomEntry[];
  paging?: { total: number; perPage: number; startIndex: number };
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  suppressEmptyNode: true,
});

/** XML 1.0 cannot carry most control characters; imported titles and summaries sometimes do. */
export function xmlText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
}

export function isoTime(seconds: number): string {
  return new Date(Math.max(0, Number(seconds)) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function attributes(record: Record<string, string | number | undefined>) {
  return Object.fromEntries(
    Object.entries(record)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [`@_${name}`, typeof value === 'string' ? xmlText(value) : value]),
  );
}

function linkNode(link: AtomLink) {
  return attributes({ rel: link.rel, href: link.href, type: link.type, title: link.title, ...link.extra });
}

function entryNode(entry: AtomEntry) {
  return {
    title: xmlText(entry.title),
    id: entry.id,
    updated: isoTime(entry.updated),
    ...(entry.authors?.length ? { author: entry.authors.map((name) => ({ name: xmlText(name) })) } : {}),
    ...(entry.language ? { 'dcterms:language': entry.language } : {}),
    ...(entry.categories?.length
      ? { category: entry.categories.map((term) => attributes({ term, label: term })) }
      : {}),
    content: { '@_type': 'text', '#text': xmlText(entry.content) },
    link: entry.links.map(linkNode),
  };
}

export function renderFeed(feed: AtomFeed): string {
  const root = {
    ...attributes(NS),
    id: feed.id,
    title: xmlText(feed.title),
    updated: isoTime(feed.updated),
    author: { name: '51动漫', uri: '/' },
    ...(feed.paging
      ? {
          'opensearch:totalResults': feed.paging.total,
          'opensearch:itemsPerPage': feed.paging.perPage,
          'opensearch:startIndex': feed.paging.startIndex,
        }
      : {}),
    link: feed.links.map(linkNode),
    entry: feed.entries.map(entryNode),
  };
  return builder.build({ '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' }, feed: root }) as string;
}

/** The OpenSearch description that points apps at the search feed (`{searchTerms}` filled by them); `template` is absolute. */
export function renderOpenSearch(template: string): string {
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    OpenSearchDescription: {
      '@_xmlns': 'http://a9.com/-/spec/opensearch/1.1/',
      ShortName: '51动漫',
      Description: 'Search the 51动漫 comics and novels',
      InputEncoding: 'UTF-8',
      OutputEncoding: 'UTF-8',
      // Search results are a navigation feed (each hit leads to its work's feed).
      Url: attributes({ type: MIME.navigation, template }),
    },
  }) as string;
}
