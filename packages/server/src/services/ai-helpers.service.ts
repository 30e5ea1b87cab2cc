/**
 * Reading helpers: "previously on" (a recap of the chapters before a chapter, which are
 * the ones a reader read to reach it), a novel chapter's summary and "who is" a name (from the
 * chapters up to and including the current one). Each depends on the chapter (and name) only, and
 * all are free. With a chat model connected, the model's answer is made once per chapter (and name)
 * and cached for every reader under that model's name: another model, or an answer cached before
 * models were named, is not served. Without one, or when the model fails, the answer is honest
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
import { nameCandidates } from './ai-text.js';
import { whoPassages } from './ai-who.js';

/** Chapters a recap covers (the latest before the current one) and sentences it has. */
const RECAP_CHAPTERS = 5;
const RECAP_SENTENCES = 5;
const SUMMARY_SENTENCES = 3;
/** "Who is" reads the opening chapters and the latest ones up to the current chapter. */
const WHO_OPENING_CHAPTERS = 20;
const WHO_LATEST_CHAPTERS = 180;
const WHO_NAMES = 10;

type HelperKind = 'recap' | 'summary' | 'who';

/** The name a cached answer is kept under: the provider and its model. */
const modelOf = (provider: ChatProvider) => `${provider.name}/${provider.model}`;

export interface HelperAnswer {
  chapter_id: number;
  text: string;
  sources: string[];
  /** 1: `passages` are quotations from the text, no model wrote this. */
  extractive: 0 | 1;
  passages: Passage[];
}

export interface WhoAnswer extends HelperAnswer {
  name: string;
  /** 0: the name is not in the chapters so far. */
  mentioned: 0 | 1;
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
    const hit = await this.hit(kind, chapterId, '');
    if (hit) return this.modelAnswer(chapterId, hit.text, hit.sources);
    const { lead = [], chapters, sentences, language } = await source();
    const sources = chapters.map((c) => c.title);
    // A first chapter has nothing before it: an empty answer, whoever would have written it.
    if (chapters.length === 0) return this.modelAnswer(chapterId, '', sources);
    const request = { chapters: [...lead, ...chapters], sentences, language: language || 'zh' };
    const text = await this.written(kind, chapterId, '', sources, (provider, signal) =>
      provider.summarise(request, signal),
    );
    return text === null
      ? this.quoted(chapterId, request.chapters, sentences, sources)
      : this.modelAnswer(chapterId, text, sources);
  }

  /** "Who is": from the chapters up to and including this one only, so nothing later is told. */
  async who(chapterId: number, rawName: string): Promise<WhoAnswer> {
    const chapter = await this.chapter(chapterId);
    if (chapter.type !== WorkType.NOVEL) throw unknownTarget('"Who is" answers about novel chapters');
    const name = rawName.trim();
    const hit = await this.hit('who', chapterId, name);
    if (hit) return { ...this.modelAnswer(chapterId, hit.text, hit.sources), name, mentioned: 1 };
    const passages = whoPassages(await this.chaptersSoFar(chapter), name);
    if (passages.length === 0)
      return { chapter_id: chapterId, text: '', sources: [], extractive: 1, passages, name, mentioned: 0 };
    const sources = [...new Set(passages.map((passage) => passage.chapter))];
    const request = { language: chapter.language || 'zh', name, passages };
    const text = await this.written('who', chapterId, name, sources, (provider, signal) =>
      provider.whoIs(request, signal),
    );
    if (text === null)
      return {
        chapter_id: chapterId,
        text: passagesText(passages),
        sources,
        extractive: 1,
        passages,
        name,
        mentioned: 1,
      };
    return { ...this.modelAnswer(chapterId, text, sources), name, mentioned: 1 };
  }

  /** Names a reader can ask about at this chapter: those that recur in it and the ones before. */
  async whoNames(
    chapterId: number,
  ): Promise<{ chapter_id: number; list: { name: string; mentions: number }[] }> {
    const chapter = await this.chapter(chapterId);
    if (chapter.type !== WorkType.NOVEL) throw unknownTarget('"Who is" answers about novel chapters');
    const text = (await this.chaptersSoFar(chapter)).map((c) => c.text).join('\n');
    return { chapter_id: chapterId, list: nameCandidates(text, WHO_NAMES) };
  }

  /**
   * The chapters up to and including `chapter`: the opening ones (where characters are
   * introduced) and the latest, so a long novel does not load thousands of chapters per question.
   */
  private async chaptersSoFar(chapter: { work_id: number; sort_order: number }) {
    const opening = await this.grounding.chapters(
      chapter.work_id,
      0,
      Math.min(chapter.sort_order, WHO_OPENING_CHAPTERS - 1),
    );
    const latest = await this.grounding.chapters(
      chapter.work_id,
      Math.max(WHO_OPENING_CHAPTERS, chapter.sort_order - WHO_LATEST_CHAPTERS + 1),
      chapter.sort_order,
    );
    return [...opening, ...latest];
  }

  /** The connected model's cached answer, if it wrote one (another model's is not served). */
  private async hit(kind: HelperKind, chapterId: number, subject: string) {
    const provider = this.plugs.provider;
    if (!provider) return undefined;
    const row = await this.db
      .selectFrom('ai_helper_cache')
      .select(['text', 'sources'])
      .where('kind', '=', kind)
      .where('chapter_id', '=', chapterId)
      .where('subject', '=', subject)
      .where('model', '=', modelOf(provider))
      .executeTakeFirst();
    return row ? { text: row.text, sources: JSON.parse(row.sources) as string[] } : undefined;
  }

  /**
   * The connected model's answer, cached under its name; null with no model or when it fails or
   * answers nothing, so the caller quotes the text instead (never an error, never a charge).
   */
  private async written(
    kind: HelperKind,
    chapterId: number,
    subject: string,
    sources: string[],
    write: (provider: ChatProvider, signal: AbortSignal) => Promise<string>,
  ): Promise<string | null> {
    const provider = this.plugs.provider;
    if (!provider) return null;
    let text: string;
    try {
      text = (await write(provider, AbortSignal.timeout(this.plugs.timeoutS * 1000))).trim();
      if (!text) throw new Error('the model answered nothing');
    } catch (error) {
      this.log.warn({ err: error, kind, chapterId }, 'helper model failed; quoting the text instead');
      return null;
    }
    // Two readers racing: the first row stays, and both get the same text from then on.
    await this.db
      .insertInto('ai_helper_cache')
      .values({
        kind,
        chapter_id: chapterId,
        subject,
        model: modelOf(provider),
        text,
        sources: JSON.stringify(sources),
        created_time: Math.floor(Date.now() / 1000),
      })
      .onConflict((oc) => oc.columns(['kind', 'chapter_id', 'subject', 'model']).doNothing())
      .execute();
    return text;
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
