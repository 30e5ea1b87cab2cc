/**
 * The AI section never pretends, on SQLite and PostgreSQL. With no chat model connected (a fresh
 * install), character chat is refused with AI_CHAT_NO_MODEL before anything is stored or charged,
 * the AI tab says chat is unavailable, and the reading helpers answer quoted passages marked
 * extractive. With a model: a reply that fails gives its free try back, and only a reply that
 * arrived keeps one, exactly, even with several messages sent at once.
 */
import { ApiCode, WorkType } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryRepository } from '../../repositories/history.repository.js';
import { OpenAiChatProvider } from '../../services/ai-chat-openai.js';
import { buildChapter, buildNovelChapter, buildWork } from '../../testing/catalogue-factory.js';
import { ledgerViolations, registeredUser, topUp } from '../../testing/money-factory.js';
import { startOpenAiPeer, type OpenAiPeer } from '../../testing/openai-peer.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;
let peer: OpenAiPeer;
let workId: number;
let chapterIds: number[];

const CHAPTERS = [
  'Mira walked into the old library at dusk. "I am looking for the silver key," said Mira.',
  'Tom showed Mira the map of the tower. "The key is under the bell," whispered Tom.',
  'Zedrick the traitor stole the silver key. The tower burned.',
];

beforeAll(async () => {
  // No aiChat config: what a fresh install runs with.
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  peer = await startOpenAiPeer();
  const work = await buildWork(ctx.db, null, {
    type: WorkType.NOVEL,
    title: 'The Silver Key',
    language: 'en',
    summary: 'Mira searches an old town for a silver key.',
  });
  workId = work.id;
  chapterIds = [];
  for (const [index, text] of CHAPTERS.entries())
    chapterIds.push((await buildNovelChapter(ctx.db, { workId, title: `Chapter ${index + 1}`, text })).id);
});
afterAll(async () => {
  await peer.close();
  await ctx.close();
});

async function readerOfChapter2(): Promise<TestSession> {
  const guest = await client.initGuest();
  await new HistoryRepository(ctx.db).save({
    userId: guest.userId,
    workId,
    type: WorkType.NOVEL,
    chapterId: chapterIds[1]!,
    pageIndex: 0,
    position: 0,
    percent: 50,
    time: Math.floor(Date.now() / 1000),
  });
  return guest;
}

let keySeq = 0;
const send = (session: TestSession, message = 'Where is the key?') =>
  client.call<{ stream_url: string; paid_with: string; free_left: number }>(
    '/v3/ai/chat_send',
    { work_id: workId, character: 'Mira', message, idempotency_key: `no-model-${(keySeq += 1)}` },
    { session },
  );

const freeLeft = async (session: TestSession) =>
  (await client.call<{ free_left: number; chat_available: number }>('/v3/ai/index', {}, { session })).data!;

async function lastEvent(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  const events = response.payload
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as { type: string; code?: number });
  return events.at(-1);
}

const messagesOf = async (userId: number) =>
  ctx.db.selectFrom('ai_chat_messages').select('id').where('user_id', '=', userId).execute();

describe('with no chat model connected', () => {
  it('says chat is unavailable, refuses a message and spends nothing', async () => {
    expect(ctx.app.services.ai.chat.plugs.provider).toBeNull();
    const guest = await readerOfChapter2();
    expect(await freeLeft(guest)).toMatchObject({ chat_available: 0, free_left: 3 });
    const sent = await send(guest);
    expect(sent.code).toBe(ApiCode.AI_CHAT_NO_MODEL);
    expect(sent.msg).toMatch(/has not connected/);
    expect((await freeLeft(guest)).free_left).toBe(3);
    expect(await messagesOf(guest.userId)).toEqual([]);
    // Out of free tries with AI credits: no credit moves either.
    const user = await registeredUser(ctx.db, client);
    const { money } = ctx.app.services;
    await topUp(ctx.db, money, user.userId, { coins: 30 });
    await money.ledger.transaction((tx) =>
      money.wallet.buyAiCredits(tx, user.userId, 30, 10, {
        key: `test:ai:buy:${user.userId}`,
        title: 'AI credits',
      }),
    );
    const entries = async () =>
      (await ctx.db.selectFrom('ledger_entries').select('id').where('user_id', '=', user.userId).execute())
        .length;
    const before = await entries();
    await ctx.db
      .insertInto('settings')
      .values({ key: 'ai.free_daily', value: '0', updated_time: 0 })
      .execute();
    try {
      expect((await send(user)).code).toBe(ApiCode.AI_CHAT_NO_MODEL);
    } finally {
      await ctx.db.deleteFrom('settings').where('key', '=', 'ai.free_daily').execute();
    }
    const wallet = await ctx.db
      .selectFrom('users')
      .select('ai_cos_coin')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(wallet.ai_cos_coin).toBe(10);
    expect(await entries()).toBe(before);
    // The character list still answers (it is read from the text, not written by a model).
    const characters = await client.call<{ list: { name: string }[] }>(
      '/v3/ai/characters',
      { work_id: workId },
      { session: guest },
    );
    expect(characters.data!.list.map((c) => c.name)).toContain('Mira');
  });

  it('answers the reading helpers with passages quoted from the text, marked extractive', async () => {
    const guest = await client.initGuest();
    const recap = await client.call<{
      text: string;
      extractive: number;
      passages: { chapter: string; text: string }[];
      sources: string[];
    }>('/v3/ai/recap', { chapter_id: chapterIds[2] }, { session: guest });
    expect(recap.data).toMatchObject({ extractive: 1, sources: ['Chapter 1', 'Chapter 2'] });
    expect(recap.data!.passages.length).toBeGreaterThan(0);
    for (const passage of recap.data!.passages) {
      // Word for word from the chapter it names, and never from the chapter being read.
      const index = Number(passage.chapter.replace('Chapter ', '')) - 1;
      expect(CHAPTERS[index]).toContain(passage.text);
      expect(index).toBeLessThan(2);
    }
    // The plain text, for API clients: each passage quoted on its own line with its chapter.
    const lines = recap.data!.text.split('\n');
    expect(lines).toHaveLength(recap.data!.passages.length);
    for (const [index, passage] of recap.data!.passages.entries()) {
      expect(lines[index]).toContain(passage.text);
      expect(lines[index]).toBe(`“${passage.text}” (${passage.chapter})`);
    }
    // Nothing is cached as if a model had written it.
    expect(await ctx.db.selectFrom('ai_helper_cache').selectAll().execute()).toEqual([]);

    // A comic's chapters are only titles: nothing of them is quoted ("Chapter 1." is not a recap).
    const comic = await buildWork(ctx.db, null, {
      type: WorkType.COMIC,
      title: 'Bells',
      summary: 'Two friends search a tower for a bell.',
    });
    const first = await buildChapter(ctx.db, { workId: comic.id });
    const second = await buildChapter(ctx.db, { workId: comic.id });
    const comicRecap = await client.call<{ passages: { chapter: string; text: string }[] }>(
      '/v3/ai/recap',
      { chapter_id: second.id },
      { session: guest },
    );
    expect(comicRecap.data!.passages).toEqual([
      { chapter: 'Bells', text: 'Two friends search a tower for a bell.' },
    ]);
    expect(JSON.stringify(comicRecap.data)).not.toContain(`"text":"${first.title}`);
  });
});

describe('with a chat model connected', () => {
  it('spends a free try only on a reply that arrived, exactly, also when messages race', async () => {
    const { plugs } = ctx.app.services.ai.chat;
    plugs.provider = new OpenAiChatProvider({ baseUrl: peer.baseUrl, apiKey: '', model: 'tiny' });
    try {
      const guest = await readerOfChapter2();
      expect(await freeLeft(guest)).toMatchObject({ chat_available: 1, free_left: 3 });

      // The model fails: the try taken at sending is given back when the reply fails.
      peer.mode = 'http500';
      const failed = await send(guest);
      expect(failed.data).toMatchObject({ paid_with: 'free', free_left: 2 });
      expect(await lastEvent(failed.data!.stream_url)).toMatchObject({
        type: 'error',
        code: ApiCode.AI_GENERATION_FAILED,
      });
      expect((await freeLeft(guest)).free_left).toBe(3);

      // The model was disconnected between sending and streaming: refunded, and said so.
      peer.mode = 'ok';
      const orphan = await send(guest);
      plugs.provider = null;
      expect(await lastEvent(orphan.data!.stream_url)).toMatchObject({
        type: 'error',
        code: ApiCode.AI_CHAT_NO_MODEL,
      });
      expect((await freeLeft(guest)).free_left).toBe(3);
      plugs.provider = new OpenAiChatProvider({ baseUrl: peer.baseUrl, apiKey: '', model: 'tiny' });

      // A real reply: exactly one try spent.
      const ok = await send(guest);
      expect(await lastEvent(ok.data!.stream_url)).toMatchObject({ type: 'done', text: peer.reply });
      expect((await freeLeft(guest)).free_left).toBe(2);

      // Two failing replies at once (the concurrency limit) both give back exactly their try.
      peer.mode = 'midstream-error';
      const racing = await Promise.all([send(guest, 'One?'), send(guest, 'Two?')]);
      expect(racing.map((r) => r.code)).toEqual([1, 1]);
      await Promise.all(racing.map((r) => lastEvent(r.data!.stream_url)));
      expect((await freeLeft(guest)).free_left).toBe(2);
    } finally {
      peer.mode = 'ok';
      plugs.provider = null;
    }
    expect(await ledgerViolations(ctx.db, { spendsAreUnlocks: false })).toEqual([]);
  });
});
