import { ApiCode, WorkType } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryRepository } from '../../repositories/history.repository.js';
import { OpenAiChatProvider } from '../../services/ai-chat-openai.js';
import { BuiltinChatProvider, type ChatProvider } from '../../services/ai-chat-provider.js';
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
const builtin = new BuiltinChatProvider(0);

/** Chapter 3 holds the secret: no reply, recap of chapter 2 or character list may show it. */
const CHAPTERS = [
  'Mira walked into the old library at dusk. "I am looking for the silver key," said Mira. Tom laughed at her from the stairs.',
  'Tom showed Mira the map of the tower. "The key is under the bell," whispered Tom. Mira climbed the tower alone.',
  'Zedrick the traitor stole the silver key. "Mira will never find it," Zedrick said. The tower burned.',
];
const SECRET = /Zedrick|traitor|burned/;

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  peer = await startOpenAiPeer();
  ctx.app.services.ai.chat.plugs.provider = builtin;
  const work = await buildWork(ctx.db, null, {
    type: WorkType.NOVEL,
    title: 'The Silver Key',
    language: 'en',
    summary: 'Mira searches an old town for a silver key.',
  });
  workId = work.id;
  chapterIds = [];
  for (const [index, text] of CHAPTERS.entries()) {
    chapterIds.push((await buildNovelChapter(ctx.db, { workId, title: `Chapter ${index + 1}`, text })).id);
  }
});
afterAll(async () => {
  await peer.close();
  await ctx.close();
});

const readUpTo = (session: TestSession, chapterIndex: number) =>
  new HistoryRepository(ctx.db).save({
    userId: session.userId,
    workId,
    type: WorkType.NOVEL,
    chapterId: chapterIds[chapterIndex]!,
    pageIndex: 0,
    position: 0,
    percent: 50,
    time: Math.floor(Date.now() / 1000),
  });

let keySeq = 0;
const send = (session: TestSession, message: string, character = 'Mira') =>
  client.call<{
    message_id: number;
    stream_url: string;
    paid_with: string;
    free_left: number;
    credits: number;
  }>(
    '/v3/ai/chat_send',
    { work_id: workId, character, message, idempotency_key: `chat-key-${Date.now()}-${(keySeq += 1)}` },
    { session },
  );

async function openStream(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.headers['content-type']).toContain('text/event-stream');
  return response.payload
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as { type: string; text?: string; code?: number });
}

const credits = async (userId: number) =>
  (await ctx.db.selectFrom('users').select('ai_cos_coin').where('id', '=', userId).executeTakeFirstOrThrow())
    .ai_cos_coin;

async function withCredits(amount: number): Promise<TestSession> {
  const session = await registeredUser(ctx.db, client);
  const { money } = ctx.app.services;
  await topUp(ctx.db, money, session.userId, { coins: amount * 3 });
  await money.ledger.transaction((tx) =>
    money.wallet.buyAiCredits(tx, session.userId, amount * 3, amount, {
      key: `test:ai:buy:${session.userId}`,
      title: 'AI credits',
    }),
  );
  return session;
}

describe('AI character chat', () => {
  it('lists characters from the chapters read only, then the narrator', async () => {
    const guest = await client.initGuest();
    await readUpTo(guest, 1);
    const result = await client.call<{
      list: { name: string; is_narrator: number }[];
      chapters_read: number;
      free_left: number;
    }>('/v3/ai/characters', { work_id: workId }, { session: guest });
    expect(result.code).toBe(1);
    const names = result.data!.list.map((c) => c.name);
    expect(names.slice(0, 2).sort()).toEqual(['Mira', 'Tom']);
    expect(names.at(-1)).toBe('Narrator');
    expect(names.join(' ')).not.toMatch(SECRET);
    expect(result.data).toMatchObject({ chapters_read: 2, free_left: 3 });
  });

  it('streams a reply grounded in the chapters read (a guest on a free try), keeps and clears the conversation', async () => {
    const guest = await client.initGuest();
    await readUpTo(guest, 1);
    const sent = await send(guest, 'Where is the silver key?');
    expect(sent.code).toBe(1);
    expect(sent.data).toMatchObject({ paid_with: 'free', free_left: 2 });
    const events = await openStream(sent.data!.stream_url);
    const chunks = events.filter((e) => e.type === 'chunk');
    expect(chunks.length).toBeGreaterThan(3);
    const done = events.at(-1)!;
    expect(done.type).toBe('done');
    expect(done.text).toBe(chunks.map((c) => c.text).join(''));
    expect(done.text).toContain('silver key');
    expect(done.text).not.toMatch(SECRET);
    // The token opens once.
    expect((await openStream(sent.data!.stream_url))[0]).toMatchObject({
      type: 'error',
      code: ApiCode.AI_STREAM_EXPIRED,
    });

    const history = await client.call<{
      list: { role: string; text: string; status: string }[];
      total: number;
    }>('/v3/ai/chat_history', { work_id: workId, character: 'Mira' }, { session: guest });
    expect(history.data!.total).toBe(2);
    expect(history.data!.list.map((m) => m.role)).toEqual(['character', 'user']);
    const conversations = await client.call<{ list: { character: string; title: string }[] }>(
      '/v3/ai/conversations',
      {},
      { session: guest },
    );
    expect(conversations.data!.list).toMatchObject([{ character: 'Mira', title: 'The Silver Key' }]);

    // Another user never sees it.
    const other = await client.initGuest();
    const theirs = await client.call<{ total: number }>(
      '/v3/ai/chat_history',
      { work_id: workId, character: 'Mira' },
      { session: other },
    );
    expect(theirs.data!.total).toBe(0);

    const cleared = await client.call<{ deleted: number }>(
      '/v3/ai/chat_clear',
      { work_id: workId, character: 'Mira' },
      { session: guest },
    );
    expect(cleared.data!.deleted).toBe(2);
  });

  it('never puts an unread chapter in what a model receives', async () => {
    ctx.app.services.ai.chat.plugs.provider = new OpenAiChatProvider({
      baseUrl: peer.baseUrl,
      apiKey: '',
      model: 'm',
    });
    try {
      peer.mode = 'ok';
      peer.reply = 'The key is under the bell.';
      const guest = await client.initGuest();
      await readUpTo(guest, 1);
      const sent = await send(guest, 'Who stole the key?');
      const events = await openStream(sent.data!.stream_url);
      expect(events.at(-1)).toMatchObject({ type: 'done', text: 'The key is under the bell.' });
      const prompt = JSON.stringify(peer.requests.at(-1));
      expect(prompt).toContain('whispered Tom');
      expect(prompt).not.toMatch(SECRET);
    } finally {
      ctx.app.services.ai.chat.plugs.provider = builtin;
    }
  });

  it('charges credits once the free tries are used, and gives them back once when the model fails or times out', async () => {
    const user = await withCredits(5);
    await readUpTo(user, 0);
    await ctx.db
      .insertInto('settings')
      .values({ key: 'ai.free_daily', value: '0', updated_time: 0 })
      .execute();
    const { plugs } = ctx.app.services.ai.chat;
    plugs.provider = new OpenAiChatProvider({ baseUrl: peer.baseUrl, apiKey: '', model: 'm' });
    const timeout = plugs.timeoutS;
    try {
      for (const mode of ['http500', 'midstream-error', 'hang'] as const) {
        peer.mode = mode;
        plugs.timeoutS = mode === 'hang' ? 1 : timeout;
        const sent = await send(user, 'Hello?');
        expect(sent.data).toMatchObject({ paid_with: 'credits', credits: 4 });
        const events = await openStream(sent.data!.stream_url);
        expect(events.at(-1)).toMatchObject({ type: 'error', code: ApiCode.AI_GENERATION_FAILED });
        expect(await credits(user.userId)).toBe(5);
      }
      peer.mode = 'ok';
      plugs.timeoutS = timeout;
      const sent = await send(user, 'Hello?');
      expect((await openStream(sent.data!.stream_url)).at(-1)).toMatchObject({ type: 'done' });
      expect(await credits(user.userId)).toBe(4);
      const history = await client.call<{ list: { status: string }[] }>(
        '/v3/ai/chat_history',
        { work_id: workId, character: 'Mira', limit: 20 },
        { session: user },
      );
      expect(history.data!.list.filter((m) => m.status === 'failed')).toHaveLength(3);
      // The AI log shows each reply with its cost: three given back, one paid.
      const aiLog = await client.call<{ list: { kind: string; status: string; cost: number }[] }>(
        '/v3/ai/log',
        { page: 1 },
        { session: user },
      );
      const chats = aiLog.data!.list.filter((line) => line.kind === 'chat');
      expect(chats.map((line) => line.status).sort()).toEqual(['failed', 'failed', 'failed', 'ok']);
      expect(chats.every((line) => line.cost === 1)).toBe(true);

      // Out of credits: refused, nothing charged or kept.
      const poor = await registeredUser(ctx.db, client);
      await readUpTo(poor, 0);
      expect((await send(poor, 'Hi')).code).toBe(ApiCode.AI_CREDITS_SHORT);
    } finally {
      plugs.provider = builtin;
      plugs.timeoutS = timeout;
      await ctx.db.deleteFrom('settings').where('key', '=', 'ai.free_daily').execute();
    }
    expect(await ledgerViolations(ctx.db, { spendsAreUnlocks: false })).toEqual([]);
  });

  it('refuses a message the word filter refuses, a character of an unread chapter, and too many replies at once', async () => {
    const guest = await client.initGuest();
    await readUpTo(guest, 1);
    expect((await send(guest, 'you are a bitch')).code).toBe(ApiCode.AI_PROMPT_REFUSED);
    expect((await send(guest, 'Hello', 'Zedrick')).code).toBe(ApiCode.AI_CHARACTER_UNKNOWN);
    expect((await send(guest, 'One')).code).toBe(1);
    expect((await send(guest, 'Two')).code).toBe(1);
    expect((await send(guest, 'Three')).code).toBe(ApiCode.AI_CHAT_BUSY);
  });
});

describe('reading helpers', () => {
  it('recaps the chapters before a chapter and summarises a chapter, each generated once', async () => {
    let calls = 0;
    const counting: ChatProvider = {
      name: 'counting',
      model: 'counting',
      whoIs: (request) => builtin.whoIs(request),
      streamReply: (request, signal) => builtin.streamReply(request, signal),
      summarise: async (request) => {
        calls += 1;
        return builtin.summarise(request);
      },
    };
    ctx.app.services.ai.chat.plugs.provider = counting;
    try {
      const guest = await client.initGuest();
      const recap = await client.call<{ text: string; sources: string[] }>(
        '/v3/ai/recap',
        { chapter_id: chapterIds[2] },
        { session: guest },
      );
      expect(recap.code).toBe(1);
      expect(recap.data!.sources).toEqual(['Chapter 1', 'Chapter 2']);
      expect(recap.data!.text).toMatch(/Mira/);
      expect(recap.data!.text).not.toMatch(SECRET);
      const again = await client.call<{ text: string }>(
        '/v3/ai/recap',
        { chapter_id: chapterIds[2] },
        { session: await client.initGuest() },
      );
      expect(again.data!.text).toBe(recap.data!.text);
      const first = await client.call<{ text: string }>(
        '/v3/ai/recap',
        { chapter_id: chapterIds[0] },
        { session: guest },
      );
      expect(first.data!.text).toBe('');

      // A comic's chapters have only titles: its summary leads the recap; comics have no chapter summary.
      const comic = await buildWork(ctx.db, null, {
        type: WorkType.COMIC,
        title: 'Bells',
        summary: 'Two friends search a tower for a bell.',
      });
      const comicChapters = [
        await buildChapter(ctx.db, { workId: comic.id }),
        await buildChapter(ctx.db, { workId: comic.id }),
      ];
      const comicRecap = await client.call<{ text: string; sources: string[] }>(
        '/v3/ai/recap',
        { chapter_id: comicChapters[1]!.id },
        { session: guest },
      );
      expect(comicRecap.data!.text).toContain('Two friends search a tower for a bell.');
      expect(comicRecap.data!.sources).toEqual([comicChapters[0]!.title]);
      expect(
        (await client.call('/v3/ai/summary', { chapter_id: comicChapters[1]!.id }, { session: guest })).code,
      ).toBe(ApiCode.AI_CHARACTER_UNKNOWN);

      const summary = await client.call<{ text: string; sources: string[] }>(
        '/v3/ai/summary',
        { chapter_id: chapterIds[1] },
        { session: guest },
      );
      expect(summary.data!.sources).toEqual(['Chapter 2']);
      expect(summary.data!.text.length).toBeGreaterThan(10);
      await client.call('/v3/ai/summary', { chapter_id: chapterIds[1] }, { session: guest });
      expect(calls).toBe(3);
    } finally {
      ctx.app.services.ai.chat.plugs.provider = builtin;
    }
  });
});
