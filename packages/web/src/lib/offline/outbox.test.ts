import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  clearOutbox,
  enqueue,
  flushOutbox,
  forget,
  outboxEntries,
  outboxSize,
  subscribeOutbox,
  type NewEntry,
  type OutboxEvent,
  type OutboxSender,
  type SendOutcome,
} from './outbox';

// Each test uses its own account: the queue is one IndexedDB database, as in the browser.
let nextAccount = 100;
const account = () => (nextAccount += 1);

function place(owner: number, workId: number, pageIndex: number, readAt = Date.now()): NewEntry {
  return {
    account: owner,
    path: '/v3/read/add',
    payload: { id: workId, chapter_id: workId * 10, page_index: pageIndex, read_at: readAt },
    slot: `work:${workId}`,
    kind: 'place',
  };
}

function favorite(owner: number, animeId: number, add: boolean): NewEntry {
  return {
    account: owner,
    path: add ? '/v3/anime/favorite_add' : '/v3/anime/favorite_del',
    payload: add ? { id: animeId } : { ids: [animeId] },
    slot: `favorite:${animeId}`,
    kind: 'favorite',
  };
}

/** A server stand-in that records what reached it and answers with the scripted outcomes. */
function recorder(outcomes: SendOutcome[] = []) {
  const sent: { path: string; payload: Record<string, unknown> }[] = [];
  const send: OutboxSender = async (path, payload) => {
    const outcome = outcomes.shift() ?? 'sent';
    if (outcome !== 'unreachable') sent.push({ path, payload });
    return outcome;
  };
  return { sent, send };
}

function events(owner: number) {
  const seen: OutboxEvent[] = [];
  subscribeOutbox((event) => {
    if (event.account === owner) seen.push(event);
  });
  return { synced: () => seen.filter((event) => event.type === 'synced') };
}

describe('outbox', () => {
  it('sends queued calls in the order they were made, then says what was synced', async () => {
    const owner = account();
    const seen = events(owner);
    await enqueue(place(owner, 1, 3));
    await enqueue(place(owner, 2, 8));
    await enqueue(favorite(owner, 7, true));
    await enqueue({
      account: owner,
      path: '/v3/comment/zan',
      payload: { id: 90, is_zan: 1 },
      slot: 'like:90',
      kind: 'like',
    });
    expect(await outboxSize(owner)).toBe(4);

    const server = recorder();
    await flushOutbox(owner, server.send);
    expect(server.sent.map((call) => [call.path, call.payload['id']])).toEqual([
      ['/v3/read/add', 1],
      ['/v3/read/add', 2],
      ['/v3/anime/favorite_add', 7],
      ['/v3/comment/zan', 90],
    ]);
    expect(await outboxSize(owner)).toBe(0);
    expect(seen.synced()).toEqual([
      { type: 'synced', account: owner, synced: { place: 2, favorite: 1, like: 1 } },
    ]);
  });

  it('keeps only the latest place per work and the latest wanted favourite per anime', async () => {
    const owner = account();
    await enqueue(place(owner, 1, 3, 1_000));
    await enqueue(place(owner, 2, 5, 2_000));
    await enqueue(place(owner, 1, 9, 3_000));
    await enqueue(favorite(owner, 7, true));
    await enqueue(favorite(owner, 7, false));
    const entries = await outboxEntries(owner);
    expect(entries.map((entry) => [entry.slot, entry.payload])).toEqual([
      ['work:2', { id: 2, chapter_id: 20, page_index: 5, read_at: 2_000 }],
      ['work:1', { id: 1, chapter_id: 10, page_index: 9, read_at: 3_000 }],
      ['favorite:7', { ids: [7] }],
    ]);
    expect(entries.every((entry) => entry.queuedAt > 0)).toBe(true);
  });

  it('keeps separate positions for separate episodes', async () => {
    const owner = account();
    const episode = (chapterId: number, positionS: number): NewEntry => ({
      account: owner,
      path: '/v3/anime/progress',
      payload: { chapter_id: chapterId, position_s: positionS, read_at: Date.now() },
      slot: `episode:${chapterId}`,
      kind: 'place',
    });
    await enqueue(episode(51, 10));
    await enqueue(episode(52, 20));
    await enqueue(episode(51, 40));
    expect((await outboxEntries(owner)).map((entry) => entry.payload['position_s'])).toEqual([20, 40]);
  });

  it('stops at the first network failure, keeps the rest and resumes later', async () => {
    const owner = account();
    const seen = events(owner);
    for (const work of [1, 2, 3]) await enqueue(place(owner, work, 0));

    const offline = recorder(['sent', 'unreachable']);
    await flushOutbox(owner, offline.send);
    expect(offline.sent.map((call) => call.payload['id'])).toEqual([1]);
    expect((await outboxEntries(owner)).map((entry) => entry.payload['id'])).toEqual([2, 3]);
    expect(seen.synced()).toEqual([]);

    const online = recorder();
    await flushOutbox(owner, online.send);
    expect(online.sent.map((call) => call.payload['id'])).toEqual([2, 3]);
    // The notice counts everything sent since the queue was last empty.
    expect(seen.synced()).toEqual([
      { type: 'synced', account: owner, synced: { place: 3, favorite: 0, like: 0 } },
    ]);
  });

  it('drops a call the server refuses with an error code and goes on with the next', async () => {
    const owner = account();
    const seen = events(owner);
    await enqueue(place(owner, 1, 0));
    await enqueue(place(owner, 2, 0));
    const server = recorder(['refused', 'sent']);
    await flushOutbox(owner, server.send);
    expect(server.sent).toHaveLength(2);
    expect(await outboxSize(owner)).toBe(0);
    expect(seen.synced()).toEqual([
      { type: 'synced', account: owner, synced: { place: 1, favorite: 0, like: 0 } },
    ]);
  });

  it('sends each account only its own calls, and clears one account without touching another', async () => {
    const alice = account();
    const bob = account();
    await enqueue(place(alice, 1, 1));
    await enqueue(place(bob, 2, 2));
    await enqueue(place(alice, 3, 3));

    const server = recorder();
    await flushOutbox(alice, server.send);
    expect(server.sent.map((call) => call.payload['id'])).toEqual([1, 3]);
    expect(await outboxSize(bob)).toBe(1);

    await enqueue(place(alice, 4, 4));
    await clearOutbox(bob);
    expect(await outboxSize(bob)).toBe(0);
    expect((await outboxEntries(alice)).map((entry) => entry.payload['id'])).toEqual([4]);
  });

  it('forgets what waits for a slot that was just set live', async () => {
    const owner = account();
    await enqueue(place(owner, 1, 3));
    await enqueue(place(owner, 2, 3));
    await forget(owner, 'work:1');
    expect((await outboxEntries(owner)).map((entry) => entry.slot)).toEqual(['work:2']);
  });

  it('sends each call once when flushes overlap', async () => {
    const owner = account();
    await enqueue(place(owner, 1, 0));
    await enqueue(place(owner, 2, 0));
    const server = recorder();
    await Promise.all([flushOutbox(owner, server.send), flushOutbox(owner, server.send)]);
    expect(server.sent.map((call) => call.payload['id'])).toEqual([1, 2]);
  });

  it('says nothing when the queue was empty or everything in it was refused', async () => {
    const owner = account();
    const seen = events(owner);
    await flushOutbox(owner, recorder().send);
    await enqueue(place(owner, 1, 0));
    await flushOutbox(owner, recorder(['refused']).send);
    expect(seen.synced()).toEqual([]);
    expect(await outboxSize(owner)).toBe(0);
  });
});
