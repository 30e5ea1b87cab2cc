/**
 * Reading helpers: "previously on" (a recap of the chapters before a chapter, which are
 * the ones a reader read to reach it) and a novel chapter's summary. Both depend on the chapter
 * only, and both are free. With a chat model connected, the model's summary is made once per
 * chapter and cached for every reader. Without one, or when the model fails, the answer is honest
 * about what it is: sentences quoted from the chapters, marked extractive, and not cached (it
 * costs nothing to make again, and a model that comes back gets its next chance).
 */
import { WorkType } from '@dm51/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import type { ChatGrounding } from './ai-chat-grounding.js';
import { unknownTarget } from './ai-chat-grounding.js';
import type { ChatProvider } from './ai-chat-provider.js';
import { extractivePassages, passagesText, type Passage } from './ai-extractive.js';

/** Chapters a recap covers (the latest before the current one) and sentences it has. */
const RECAP_CHAPTERS = 5;
const RECAP_SENTENCES = 5;
const SUMMARY_SENTENCES = 3;

export interface HelperAnswer {
  chapter_id: number;
  text: string;
  sources: string[];
  /** 1: `passages` are quotations from the text, no model wrote this. */
  extractive: 0 | 1;
  passages: Passage[];
}

export class AiHelpersService {
  constructor(
    private readonly db: Database,
    private readonly grounding: ChatGrounding,
    private readonly plugs: { provider: ChatProvider | null; timeoutS: number },
    private readonly log: FastifyBaseLogger,
  ) {}

  private async chapter(chapterId: number) {
    const row = await this.db
      .selectFrom('chapters')
      .innerJoin('works', 'works.id', 'chapters.work_id')
      .select([
        'chapters.id',
        'chapters.work_id',
        'chapters.sort_order',
        'works.type',
        'works.language',
        'works.title',
        'works.summary',
      ])
      .where('chapters.id', '=', chapterId)
      .where('works.published', '=', 1)
      .executeTakeFirst();
    if (!row || row.type === WorkType.ANIME) throw unknownTarget('No such comic or novel chapter');
    return row;
  }

  async recap(chapterId: number): Promise<HelperAnswer> {
    const chapter = await this.chapter(chapterId);
    return this.cached('recap', chapterId, async () => {
      const before = await this.grounding.chapters(
        chapter.work_id,
        Math.max(0, chapter.sort_order - RECAP_CHAPTERS),
        chapter.sort_order - 1,
      );
      // A comic chapter has no text, only its title: the work's summary leads its recap.
      const lead =
        chapter.type === WorkType.COMIC && before.length > 0
          ? [{ title: chapter.title, text: chapter.summary }]
          : [];
      return { lead, chapters: before, sentences: RECAP_SENTENCES, language: chapter.language };
    });
  }

  async summary(chapterId: number): Promise<HelperAnswer> {
    const chapter = await this.chapter(chapterId);
    if (chapter.type !== WorkType.NOVEL) throw unknownTarget('Summaries are made of novel chapters');
    return this.cached('summary', chapterId, async () => ({
      chapters: await this.grounding.chapters(chapter.work_id, chapter.sort_order, chapter.sort_order),
      sentences: SUMMARY_SENTENCES,
      language: chapter.language,
    }));
  }

  private async cached(
    kind: 'recap' | 'summary',
    chapterId: number,
    source: () => Promise<{
      /** Text summarised before the chapters but not named as a source (a comic's summary). */
      lead?: { title: string; text: string }[];
      chapters: { title: string; text: string }[];
      sentences: number;
      language: string;
    }>,
  ): Promise<HelperAnswer> {
    const provider = this.plugs.provider;
    if (provider) {
      const hit = await this.db
        .selectFrom('ai_helper_cache')
        .select(['text', 'sources'])
        .where('kind', '=', kind)
        .where('chapter_id', '=', chapterId)
        .executeTakeFirst();
      if (hit) return this.modelAnswer(chapterId, hit.text, JSON.parse(hit.sources) as string[]);
    }
    const { lead = [], chapters, sentences, language } = await source();
    const sources = chapters.map((c) => c.title);
    // A first chapter has nothing before it: an empty answer, whoever would have written it.
    if (chapters.length === 0) return this.modelAnswer(chapterId, '', sources);
    const request = { chapters: [...lead, ...chapters], sentences, language: language || 'zh' };
    if (!provider) return this.quoted(chapterId, request.chapters, sentences, sources);
    let text: string;
    try {
      text = (await provider.summarise(request, AbortSignal.timeout(this.plugs.timeoutS * 1000))).trim();
      if (!text) throw new Error('the model answered nothing');
    } catch (error) {
      this.log.warn({ err: error, kind, chapterId }, 'summary model failed; quoting the text instead');
      return this.quoted(chapterId, request.chapters, sentences, sources);
    }
    // Two readers racing: the first row stays, and both get the same text from then on.
    await this.db
      .insertInto('ai_helper_cache')
      .values({
        kind,
        chapter_id: chapterId,
        text,
        sources: JSON.stringify(sources),
        created_time: Math.floor(Date.now() / 1000),
      })
      .onConflict((oc) => oc.columns(['kind', 'chapter_id']).doNothing())
      .execute();
    return this.modelAnswer(chapterId, text, sources);
  }

  private modelAnswer(chapterId: number, text: string, sources: string[]): HelperAnswer {
    return { chapter_id: chapterId, text, sources, extractive: 0, passages: [] };
  }

  private quoted(
    chapterId: number,
    chapters: { title: string; text: string }[],
    count: number,
    sources: string[],
  ): HelperAnswer {
    const passages = extractivePassages(chapters, count);
    return { chapter_id: chapterId, text: passagesText(passages), sources, extractive: 1, passages };
  }
}
