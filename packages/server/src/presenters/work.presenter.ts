/** Work rows → the card and detail records of packages/shared/src/calls/catalogue.ts. */
import type { ReadTarget, WorkCard, WorkDetail } from '@dm51/shared';
import type { WorkRow } from '../db/schema.js';
import { mediaUrlPath } from '../media/media-key.js';
import type { WorkCardRow, WorkPeople } from '../repositories/catalogue.repository.js';

const CARD_TAGS = 3;
const NO_PEOPLE: WorkPeople = { authors: [], tags: [] };

/** score_x10 87 → 8.7 (one decimal, exact). */
export function presentScore(scoreX10: number): number {
  return Math.round(scoreX10) / 10;
}

export function presentCard(row: WorkCardRow, people: WorkPeople = NO_PEOPLE): WorkCard {
  const authorNames = [...new Set(people.authors.map((author) => author.name))];
  return {
    type: row.type,
    relate_id: row.id,
    pic: mediaUrlPath(row.cover_key),
    pic_width: row.cover_width,
    pic_height: row.cover_height,
    score: presentScore(row.score_x10),
    isend: row.is_end === 1 ? 1 : 0,
    pay: row.pay,
    name: row.title,
    latest_chapter_name: row.latest_chapter_title,
    author: authorNames.join(' / '),
    tags: people.tags.slice(0, CARD_TAGS).map((tag) => tag.name),
    chapter_count: row.chapter_count,
    views: Number(row.views_total),
    favorites: row.favorites_total,
    updated_time: Number(row.updated_time),
  };
}

/** Cards in the order of `rows`, with each work's people. */
export function presentCards(rows: WorkCardRow[], people: Map<number, WorkPeople>): WorkCard[] {
  return rows.map((row) => presentCard(row, people.get(row.id)));
}

function parseAltTitles(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function presentDetail(input: {
  work: WorkRow;
  people: WorkPeople;
  categories: { id: number; name: string }[];
  isFavorite: boolean;
  read: ReadTarget | null;
  firstChapterId: number;
}): WorkDetail {
  const { work, people } = input;
  return {
    ...presentCard(work, people),
    alt_names: parseAltTitles(work.alt_titles),
    summary: work.summary,
    authors: people.authors,
    tag_list: people.tags,
    categories: input.categories,
    language: work.language,
    rtl: work.rtl === 1 ? 1 : 0,
    is_favorite: input.isFavorite ? 1 : 0,
    read: input.read,
    first_chapter_id: input.firstChapterId,
  };
}

export { parseAltTitles };
