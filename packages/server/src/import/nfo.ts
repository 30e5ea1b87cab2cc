/**
 * Series metadata from a Kodi/Jellyfin `tvshow.nfo` (the de-facto format anime libraries carry):
 * title, plot, genres, tags, and status Ended → finished. Read with plain patterns: the file is
 * small, flat XML, and nothing in it is ever rendered as markup.
 */
import type { FileMeta } from './import-types.js';

function decode(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

function all(xml: string, tag: string): string[] {
  const out: string[] = [];
  for (const m of xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'gi'))) {
    const value = decode(m[1] ?? '');
    if (value) out.push(value);
  }
  return out;
}

export function parseNfo(xml: string, base: FileMeta): Partial<FileMeta> {
  const status = all(xml, 'status')[0]?.toLowerCase() ?? '';
  const rating = Number(all(xml, 'rating')[0]);
  return {
    series: all(xml, 'title')[0]?.slice(0, 255) ?? base.series,
    summary: all(xml, 'plot')[0] ?? all(xml, 'outline')[0] ?? base.summary,
    genres: all(xml, 'genre').flatMap((g) => g.split(/\s*\/\s*/)),
    tags: all(xml, 'tag'),
    finished: base.finished || /^(ended|completed?|finished|完结|完結)$/.test(status),
    scoreX10: Number.isFinite(rating) && rating > 0 && rating <= 10 ? Math.round(rating * 10) : base.scoreX10,
  };
}
