/**
 * "Who is" in the novel reader, on SQLite and PostgreSQL: from the chapters up to and including the
 * current one only; with no model, quotes that mention the name (marked extractive); with a model,
 * its answer grounded in those quotes only, cached per chapter, name and model; a failing model
 * falls back to the quotes. And the cache migration: an answer cached before models were named is
 * never served again.
 */
import { ApiCode, WorkType } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import * as cacheModels from '../../db/migrations/0035-helper-cache-models.js';
import { OpenAiChatProvider } from '../../services/ai-chat-openai.js';
import { buildChapter, buildNovelChapter, buildWork } from '../../testing/catalogue-factory.js';
import { startOpenAiPeer, type OpenAiPeer } from '../../testing/openai-peer.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;
let peer: OpenAiPeer;
let guest: TestSession;
let chapterIds: number[];
let zhChapterIds: number[];

const CHAPTERS = [
  'Rain fell on the harbour. Mira, a young thief with a silver ring, slipped past the guards. "Quiet now," said Mira.',
  'Tom met Mira at the old mill. Mira was the best climber in the city. Tom laughed.',
  'Zedrick the traitor took the ring from Mira. Mira was never seen again.',
];
const ZH_CHAPTERS = [
  '夜色很深。林风是青云宗的外门弟子，每天天不亮就去挑水。林风说：“今天也要努力。”',
  '苏晴看着林风练剑。林风，一个不肯认输的少年，又一次站了起来。',
  '林风拜入了魔教。',
];

type Who = {
  name: string;
  mentioned: number;
  extractive: number;
  text: string;
  sources: string[];
  passages: { chapter: string; text: string }[];
};
const who = (chapterId: number, name: string) =>
  client.call<Who>('/v3/ai/who', { chapter_id: chapterId, name }, { session: guest });

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  peer = await startOpenAiPeer();
  guest = await client.initGuest();
  const work = await buildWork(ctx.db, null, { type: WorkType.NOVEL, title: 'Harbour', language: 'en' });
  chapterIds = [];
  for (const [index, text] of CHAPTERS.entries())
    chapterIds.push(
      (await buildNovelChapter(ctx.db, { workId: work.id, title: `Chapter ${index + 1}`, text })).id,
    );
  const zh = await buildWork(ctx.db, null, { type: WorkType.NOVEL, title: '青云', language: 'zh' });
  zhChapterIds = [];
  for (const [index, text] of ZH_CHAPTERS.entries())
    zhChapterIds.push(
      (await buildNovelChapter(ctx.db, { workId: zh.id, title: `第${index + 1}章`, text })).id,
    );
});
afterAll(async () => {
  await peer.close();
  await ctx.close();
});

const useModel = (model: string) => {
  ctx.app.services.ai.chat.plugs.provider = new OpenAiChatProvider({
    baseUrl: peer.baseUrl,
    apiKey: '',
    model,
  });
};
const noModel = () => {
  ctx.app.services.ai.chat.plugs.provider = null;
};

describe('"who is" with no chat model', () => {
  it('quotes the sentences that mention the name, only from the chapters read so far', async () => {
    noModel();
    const answer = (await who(chapterIds[1]!, ' Mira ')).data!;
    expect(answer).toMatchObject({ name: 'Mira', mentioned: 1, extractive: 1 });
    expect(answer.sources).toEqual(['Chapter 1', 'Chapter 2']);
    for (const passage of answer.passages) {
      const index = Number(passage.chapter.replace('Chapter ', '')) - 1;
      expect(index).toBeLessThanOrEqual(1);
      expect(CHAPTERS[index]).toContain(passage.text);
      expect(passage.text).toContain('Mira');
    }
    // The sentences that say who she is are among them; the later chapter is not.
    const texts = answer.passages.map((passage) => passage.text);
    expect(texts).toContain('Mira, a young thief with a silver ring, slipped past the guards.');
    expect(texts).toContain('Mira was the best climber in the city.');
    expect(JSON.stringify(answer)).not.toMatch(/Zedrick|never seen/);
    expect(answer.text.split('\n')[0]).toBe(`“${answer.passages[0]!.text}” (${answer.passages[0]!.chapter})`);

    // Chinese text: the sentence with 是 describes him; the chapter past the reader's is not read.
    const zh = (await who(zhChapterIds[1]!, '林风')).data!;
    expect(zh.passages.map((passage) => passage.text)).toContain(
      '林风是青云宗的外门弟子，每天天不亮就去挑水。',
    );
    expect(JSON.stringify(zh)).not.toContain('魔教');
    expect(await ctx.db.selectFrom('ai_helper_cache').selectAll().execute()).toEqual([]);
  });

  it('says honestly that a name is not mentioned yet, and offers the names seen so far', async () => {
    noModel();
    // Zedrick appears only in chapter 3.
    expect((await who(chapterIds[1]!, 'Zedrick')).data).toMatchObject({
      name: 'Zedrick',
      mentioned: 0,
      text: '',
      passages: [],
    });
    expect((await who(chapterIds[2]!, 'Zedrick')).data!.mentioned).toBe(1);
    const names = await client.call<{ list: { name: string }[] }>(
      '/v3/ai/who_names',
      { chapter_id: chapterIds[1] },
      { session: guest },
    );
    expect(names.data!.list.map((entry) => entry.name)).toContain('Mira');
    expect(names.data!.list.map((entry) => entry.name)).not.toContain('Zedrick');
    // Names are 1–40 characters; comic chapters have no text to answer from.
    expect((await who(chapterIds[1]!, '   ')).code).toBe(ApiCode.PARAMS_INVALID);
    expect((await who(chapterIds[1]!, 'x'.repeat(41))).code).toBe(ApiCode.PARAMS_INVALID);
    const comic = await buildWork(ctx.db, null, { type: WorkType.COMIC, title: 'Bells' });
    const page = await buildChapter(ctx.db, { workId: comic.id });
    expect((await who(page.id, 'Mira')).code).toBe(ApiCode.AI_CHARACTER_UNKNOWN);
  });
});

describe('"who is" with a chat model', () => {
  it('answers with the model, given only the quotes, cached per chapter, name and model', async () => {
    peer.mode = 'ok';
    peer.reply = 'Mira is a young thief and the best climber in the city.';
    useModel('tiny');
    try {
      const before = peer.requests.length;
      const answer = (await who(chapterIds[1]!, 'Mira')).data!;
      expect(answer).toMatchObject({ mentioned: 1, extractive: 0, text: peer.reply, passages: [] });
      expect(peer.requests).toHaveLength(before + 1);
      const prompt = peer.requests
        .at(-1)!
        .messages.map((message) => message.content)
        .join('\n');
      expect(prompt).toContain('Mira, a young thief with a silver ring, slipped past the guards.');
      expect(prompt).not.toMatch(/Zedrick|never seen|Rain fell/);

      // Cached: another reader gets it without asking the model again.
      peer.reply = 'Something else.';
      guest = await client.initGuest();
      expect((await who(chapterIds[1]!, 'Mira')).data!.text).toBe(
        'Mira is a young thief and the best climber in the city.',
      );
      expect(peer.requests).toHaveLength(before + 1);
      // Another model writes its own answer; the first model's is still its own.
      useModel('bigger');
      expect((await who(chapterIds[1]!, 'Mira')).data!.text).toBe('Something else.');
      expect(peer.requests).toHaveLength(before + 2);
      const rows = await ctx.db
        .selectFrom('ai_helper_cache')
        .select(['kind', 'subject', 'model'])
        .where('chapter_id', '=', chapterIds[1]!)
        .orderBy('model')
        .execute();
      expect(rows).toEqual([
        { kind: 'who', subject: 'Mira', model: 'openai/bigger' },
        { kind: 'who', subject: 'Mira', model: 'openai/tiny' },
      ]);
    } finally {
      noModel();
    }
  });

  it('falls back to the quotes when the model fails, caching nothing', async () => {
    peer.mode = 'http500';
    useModel('failing');
    try {
      const answer = (await who(chapterIds[1]!, 'Tom')).data!;
      expect(answer).toMatchObject({ mentioned: 1, extractive: 1 });
      expect(answer.passages.map((passage) => passage.text)).toContain('Tom met Mira at the old mill.');
      const cached = await ctx.db
        .selectFrom('ai_helper_cache')
        .select('model')
        .where('model', '=', 'openai/failing')
        .execute();
      expect(cached).toEqual([]);
    } finally {
      peer.mode = 'ok';
      noModel();
    }
  });
});

describe('helper answers cached before models were named', () => {
  it('are dropped by the migration and never served', async () => {
    // The table as it was, with a nonsense recap an older build cached.
    await cacheModels.down(ctx.db as unknown as Kysely<unknown>);
    await ctx.db
      .insertInto('ai_helper_cache')
      .values({
        kind: 'recap',
        chapter_id: chapterIds[2]!,
        text: 'Chapter 1. Chapter 2.',
        sources: '["Chapter 1","Chapter 2"]',
        created_time: 1,
      } as never)
      .execute();
    await cacheModels.up(ctx.db as unknown as Kysely<unknown>);
    expect(await ctx.db.selectFrom('ai_helper_cache').selectAll().execute()).toEqual([]);
    peer.reply = 'Mira and Tom met at the mill.';
    useModel('tiny');
    try {
      const recap = await client.call<{ text: string; extractive: number }>(
        '/v3/ai/recap',
        { chapter_id: chapterIds[2] },
        { session: guest },
      );
      expect(recap.data).toMatchObject({ text: 'Mira and Tom met at the mill.', extractive: 0 });
    } finally {
      noModel();
    }
  });
});
