/**
 * OPDS 2.0 (JSON) at /opds/v2/…: the same feed records as the Atom catalogue, rendered as
 * `application/opds+json` for clients of the newer format (Thorium and other Readium-based apps).
 * Entries with an acquisition (novels' EPUBs, comic chapters' CBZ) become publications; entries
 * that lead to another feed (sections, categories, a comic's chapter list) become navigation links.
 * OPDS 2.0 has no page streaming, so comics are read as CBZ here. Entries with neither are left
 * out, since a publication must have an acquisition link: anime hits (an e-reader cannot play
 * them). Chapters this account may not read yet are left out of both catalogues.
 */
import { isoTime, MIME, REL, type AtomEntry, type AtomFeed, type AtomLink } from './atom.js';

export const OPDS2_TYPE = 'application/opds+json';

interface Link2 {
  href: string;
  type: string;
  rel?: string;
  title?: string;
  templated?: boolean;
}

const isFeedType = (type: string) => type === MIME.navigation || type === MIME.acquisition;

/** A feed href of the Atom catalogue (`/opds/…`) as its OPDS 2 twin (`/opds/v2/…`). */
export function v2Href(href: string): string {
  if (href === '/opds') return '/opds/v2';
  // Search pages keep OPDS 2's parameter name (`{?query}`), so their self links are what was asked.
  return href.replace(/^\/opds\/search\?q=/, '/opds/search?query=').replace(/^\/opds\//, '/opds/v2/');
}

function link(atom: AtomLink): Link2 | null {
  if (atom.rel === REL.pseStream) return null;
  if (atom.rel === 'search')
    return { rel: 'search', href: '/opds/v2/search{?query}', type: OPDS2_TYPE, templated: true };
  if (isFeedType(atom.type))
    return {
      href: v2Href(atom.href),
      type: OPDS2_TYPE,
      ...(atom.rel ? { rel: atom.rel } : {}),
      ...(atom.title ? { title: atom.title } : {}),
    };
  return {
    href: atom.href,
    type: atom.type,
    ...(atom.rel ? { rel: atom.rel } : {}),
    ...(atom.title ? { title: atom.title } : {}),
  };
}

const isAcquisition = (atom: AtomLink) => atom.rel?.startsWith(REL.acquisition) ?? false;
const isImage = (atom: AtomLink) => atom.rel === REL.image || atom.rel === REL.thumbnail;

function publication(entry: AtomEntry) {
  const images = entry.links.filter(isImage).map((atom) => ({ href: atom.href, type: atom.type }));
  return {
    metadata: {
      '@type': 'http://schema.org/Book',
      identifier: entry.id,
      title: entry.title,
      modified: isoTime(entry.updated),
      description: entry.content,
      ...(entry.authors?.length ? { author: entry.authors.map((name) => ({ name })) } : {}),
      ...(entry.language ? { language: entry.language } : {}),
      ...(entry.categories?.length ? { subject: entry.categories.map((name) => ({ name })) } : {}),
    },
    links: entry.links.filter(isAcquisition).map((atom) => link(atom)!),
    ...(images.length ? { images } : {}),
  };
}

export function renderOpds2(feed: AtomFeed): Record<string, unknown> {
  const publications = feed.entries.filter((entry) => entry.links.some(isAcquisition)).map(publication);
  const navigation = feed.entries.flatMap((entry) => {
    const target = entry.links.find((atom) => isFeedType(atom.type));
    return target && !entry.links.some(isAcquisition) ? [{ ...link(target)!, title: entry.title }] : [];
  });
  // A feed needs publications or navigation: an empty page still leads back to the start.
  if (publications.length === 0 && navigation.length === 0)
    navigation.push({ href: '/opds/v2', type: OPDS2_TYPE, rel: 'start', title: '51动漫' });
  return {
    metadata: {
      title: feed.title,
      modified: isoTime(feed.updated),
      ...(feed.paging
        ? {
            numberOfItems: feed.paging.total,
            itemsPerPage: feed.paging.perPage,
            currentPage: Math.floor((feed.paging.startIndex - 1) / feed.paging.perPage) + 1,
          }
        : {}),
    },
    links: feed.links.map(link).filter((item): item is Link2 => item !== null),
    ...(navigation.length ? { navigation } : {}),
    ...(publications.length ? { publications } : {}),
  };
}
