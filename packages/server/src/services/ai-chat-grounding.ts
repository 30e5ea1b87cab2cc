/**
 * What a character knows: the work's summary and the chapters up to the user's reading
 * place (reading_history keeps one place per user and work; that chapter and every one before it
 * count as read). Nothing past the place is ever loaded, so no prompt and no reply can spoil it.
 * Characters are found in the same text, so their list does not spoil either.
 */
import { ApiCode, WorkType } from '@dm51/shared';
import type { Database } from '../db/database.js';
import { AppError } from '../errors.js';
import type { Grounding } from './ai-chat-provider.js';
import { nameCandidates } from './ai-text.js';

/** The latest chapters read that a reply draws on, and how much of each. */
const MAX_CHAPTERS = 30;
const MAX_CHAPTER_CHARS = 20_000;

export interface WorkGrounding extends Grounding {
  workId: number;
  cover: string;
  chaptersRead: number;
}

export interface Character {
  name: string;
  mentions: number;
  isNarrator: boolean;
}

export const unknownTarget = (what: string) => new AppError(ApiCode.AI_CHARACTER_UNKNOWN, what);

export function narratorName(language: string): string {
  return language.startsWith('zh')
    ? '旁白'
    : language.startsWith('es')
      ? 'Narrador'
      : language.startsWith('fr')
        ? 'Narrateur'
        : 'Narrator';
}

export class ChatGrounding {
  constructor(private readonly db: Database) {}

  /** The sort order of the user's reading place in a work, or -1 when they have not started it. */
  async placeSort(userId: number, workId: number): Promise<number> {
    const row = await this.db
      .selectFrom('reading_history')
      .innerJoin('chapters', 'chapters.id', 'reading_history.chapter_id')
      .select('chapters.sort_order')
      .where('reading_history.user_id', '=', userId)
      .where('reading_history.work_id', '=', workId)
      .executeTakeFirst();
    return row ? row.sort_order : -1;
  }

  /** Chapters of a work with sort order in [from, to], with their text (a comic chapter: its title). */
  async chapters(
    workId: number,
    from: number,
    to: number,
  ): Promise<{ id: number; title: string; text: string }[]> {
    if (to < from) return [];
    const rows = await this.db
      .selectFrom('chapters')
      .leftJoin('novel_texts', 'novel_texts.chapter_id', 'chapters.id')
      .select(['chapters.id', 'chapters.title', 'novel_texts.text'])
      .where('chapters.work_id', '=', workId)
      .where('chapters.sort_order', '>=', from)
      .where('chapters.sort_order', '<=', to)
      .orderBy('chapters.sort_order')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      text: (row.text ?? row.title).slice(0, MAX_CHAPTER_CHARS),
    }));
  }

  async forUser(userId: number, workId: number): Promise<WorkGrounding> {
    const work = await this.db
      .selectFrom('works')
      .select(['id', 'title', 'summary', 'language', 'cover_key', 'type'])
      .where('id', '=', workId)
      .where('published', '=', 1)
      .executeTakeFirst();
    if (!work || work.type === WorkType.ANIME) throw unknownTarget('No such comic or novel');
    const place = await this.placeSort(userId, workId);
    const chapters = await this.chapters(workId, Math.max(0, place - MAX_CHAPTERS + 1), place);
    return {
      workId,
      title: work.title,
      cover: work.cover_key,
      language: work.language || 'zh',
      summary: work.summary,
      chapters: chapters.map(({ title, text }) => ({ title, text })),
      chaptersRead: place + 1,
    };
  }

  /** Names that recur in the summary and the chapters read, then the narrator. */
  characters(grounding: Grounding): Character[] {
    const text = [grounding.summary, ...grounding.chapters.map((chapter) => chapter.text)].join('\n');
    return [
      ...nameCandidates(text).map((entry) => ({ ...entry, isNarrator: false })),
      { name: narratorName(grounding.language), mentions: 0, isNarrator: true },
    ];
  }
}
