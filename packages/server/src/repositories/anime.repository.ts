/** Episodes of an anime with their video facts (chapters ⋈ videos). */
import type { Database } from '../db/database.js';

export interface EpisodeRow {
  id: number;
  sort_order: number;
  title: string;
  number: string;
  volume: string;
  pay: number;
  price_coins: number;
  page_count: number;
  word_count: number;
  duration_s: number;
  updated_time: number;
  poster_key: string | null;
}

export class AnimeRepository {
  constructor(private readonly db: Database) {}

  private base() {
    return this.db
      .selectFrom('chapters')
      .leftJoin('videos', 'videos.chapter_id', 'chapters.id')
      .select([
        'chapters.id',
        'chapters.sort_order',
        'chapters.title',
        'chapters.number',
        'chapters.volume',
        'chapters.pay',
        'chapters.price_coins',
        'chapters.page_count',
        'chapters.word_count',
        'chapters.duration_s',
        'chapters.updated_time',
        'videos.poster_key',
      ]);
  }

  /** Every episode of a work in order (episode lists are short enough to send whole). */
  async episodes(workId: number): Promise<EpisodeRow[]> {
    return this.base().where('chapters.work_id', '=', workId).orderBy('chapters.sort_order').execute();
  }

  async episode(chapterId: number): Promise<EpisodeRow | undefined> {
    return this.base().where('chapters.id', '=', chapterId).executeTakeFirst();
  }
}
