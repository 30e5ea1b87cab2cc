import 'fake-indexeddb/auto';
import { animeFavoriteAddCall, readAddCall } from '@dm51/shared/call-refs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';

// The call itself is the part under the network: each test says how it ends.
const callApi = vi.hoisted(() => vi.fn());
vi.mock('../api/client', () => ({ callApi, onCallAnswered: () => () => undefined }));
vi.mock('../../state/session', () => ({
  sessionStore: { get: () => ({ uid: 42 }), subscribe: () => () => undefined },
}));

const { sendOrQueue } = await import('./outbox-send');
const { clearOutbox, outboxEntries } = await import('./outbox');

function unreachable(kind: 'offline' | 'transport'): ApiError {
  const error = new ApiError(kind, 'Failed to fetch');
  error.unreachable = true;
  return error;
}

const place = (pageIndex: number) =>
  ({
    call: readAddCall,
    payload: { id: 1, chapter_id: 10, page_index: pageIndex, read_at: 1_000 + pageIndex },
    slot: 'work:1',
    kind: 'place',
  }) as const;

beforeEach(async () => {
  callApi.mockReset();
  await clearOutbox(42);
});

describe('sendOrQueue', () => {
  it('queues a place when the request never reached the server (offline or refused connection)', async () => {
    callApi.mockRejectedValueOnce(unreachable('offline')).mockRejectedValueOnce(unreachable('transport'));
    expect(await sendOrQueue(place(3))).toBe('queued');
    expect(await sendOrQueue(place(4))).toBe('queued');
    // One place per work: the later one.
    expect((await outboxEntries(42)).map((entry) => [entry.path, entry.payload])).toEqual([
      ['/v3/read/add', { id: 1, chapter_id: 10, page_index: 4, read_at: 1_004 }],
    ]);
  });

  it('does not queue what the server answered with an error code, nor an HTTP error', async () => {
    callApi
      .mockRejectedValueOnce(new ApiError('code', 'not found', 1102))
      .mockRejectedValueOnce(new ApiError('transport', 'HTTP 500'));
    await expect(sendOrQueue(place(3))).rejects.toThrow('not found');
    await expect(sendOrQueue(place(4))).rejects.toThrow('HTTP 500');
    expect(await outboxEntries(42)).toEqual([]);
  });

  it('drops what waits for a slot once the same slot is set live', async () => {
    callApi.mockRejectedValueOnce(unreachable('offline')).mockResolvedValueOnce({});
    await sendOrQueue({
      call: animeFavoriteAddCall,
      payload: { id: 7 },
      slot: 'favorite:7',
      kind: 'favorite',
    });
    expect(await outboxEntries(42)).toHaveLength(1);
    expect(await sendOrQueue(place(5))).toBe('sent');
    expect(await outboxEntries(42)).toHaveLength(1);
    callApi.mockResolvedValueOnce({});
    await sendOrQueue({
      call: animeFavoriteAddCall,
      payload: { id: 7 },
      slot: 'favorite:7',
      kind: 'favorite',
    });
    await vi.waitFor(async () => expect(await outboxEntries(42)).toEqual([]));
  });
});
