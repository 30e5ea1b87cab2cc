import type { MessageNums } from '@dm51/shared';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  aiKeys,
  feedbackKeys,
  invalidate,
  inviteKeys,
  messageKeys,
  moneyKeys,
  recommendationKeys,
  refreshIfUnreadChanged,
  taskKeys,
  userKeys,
} from './query-keys';

const KEYS: Record<string, QueryKey> = {
  user: userKeys.info(7),
  products: moneyKeys.products,
  expenses: moneyKeys.expenses,
  order: moneyKeys.order('A1'),
  nums: messageKeys.nums,
  systemList: messageKeys.list(1),
  openedMessage: messageKeys.one(3),
  feedback: feedbackKeys.list,
  invite: inviteKeys.index,
  friends: inviteKeys.friends,
  tasks: taskKeys.index(7),
  aiIndex: aiKeys.index(7),
  aiJob: aiKeys.job(9),
  forYou: recommendationKeys.forYou(0),
  alsoRead: recommendationKeys.alsoRead(4),
  hiddenWorks: recommendationKeys.hidden,
};

/** A client holding one answer under every key above; answers which of them are now stale. */
function cachedClient(): { client: QueryClient; stale: () => string[] } {
  const client = new QueryClient();
  for (const key of Object.values(KEYS)) client.setQueryData(key, { cached: true });
  const stale = () =>
    Object.entries(KEYS)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { client, stale };
}

const nums = (system: number): MessageNums => ({ total: system, system, reply: 0, update: 0 });

describe('invalidate', () => {
  it('marks the wallet stale: balances, the ledger and its logs, not a confirmed order', () => {
    const { client, stale } = cachedClient();
    invalidate(client, 'wallet');
    expect(stale()).toEqual(['expenses', 'products', 'user']);
  });

  it('refreshes message lists without asking for an opened message again (that marks it read)', () => {
    const { client, stale } = cachedClient();
    invalidate(client, 'messages');
    expect(stale()).toEqual(['nums', 'systemList']);
  });

  it('refreshes every recommendation list and the hidden list when a work is hidden or shown again', () => {
    const { client, stale } = cachedClient();
    invalidate(client, 'recommendations');
    expect(stale()).toEqual(['alsoRead', 'forYou', 'hiddenWorks']);
  });

  it('refreshes the AI tab without restarting a finished job', () => {
    const { client, stale } = cachedClient();
    invalidate(client, 'ai', 'tasks');
    expect(stale()).toEqual(['aiIndex', 'tasks']);
  });
});

describe('refreshIfUnreadChanged', () => {
  it('refreshes lists, wallet, feedback and invites when the polled counts moved', () => {
    const { client, stale } = cachedClient();
    refreshIfUnreadChanged(client, nums(0), nums(1));
    expect(stale()).toEqual(['expenses', 'feedback', 'friends', 'invite', 'products', 'systemList', 'user']);
  });

  it('changes nothing when the counts are the same, or on the first answer', () => {
    const { client, stale } = cachedClient();
    refreshIfUnreadChanged(client, nums(2), nums(2));
    refreshIfUnreadChanged(client, undefined, nums(5));
    expect(stale()).toEqual([]);
  });
});
