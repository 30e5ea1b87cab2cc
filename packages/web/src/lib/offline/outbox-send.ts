import type { CallRef, CallRequest } from '@dm51/shared';
import { callApi } from '../api/client';
import { isUnreachable } from '../api/errors';
import { sessionStore } from '../../state/session';
import type { OutboxKind } from './outbox';

/**
 * The readers' and the toggles' side of the offline queue: a queueable call is made now, and
 * queued when the server cannot be reached. The queue's code (IndexedDB) loads on first use, not
 * with the readers: most saves reach the server.
 */
const outbox = () => import('./outbox');

export interface Queueable<C extends CallRef> {
  call: C;
  payload: CallRequest<C>;
  /** What the call sets (see OutboxEntry.slot). */
  slot: string;
  kind: OutboxKind;
}

/**
 * Makes a queueable call now; without a connection it is queued and the promise resolves all the
 * same (it will be sent), with 'queued'. Any other failure rejects as the call would.
 */
export async function sendOrQueue<C extends CallRef>(
  item: Queueable<C>,
  options: { silent?: boolean } = {},
): Promise<'sent' | 'queued'> {
  const owner = sessionStore.get().uid;
  try {
    await callApi(item.call, item.payload, options);
    // What waits for this slot is older than what was just set.
    if (owner > 0)
      void outbox()
        .then((m) => m.forget(owner, item.slot))
        .catch(() => undefined);
    return 'sent';
  } catch (error) {
    if (!isUnreachable(error) || owner <= 0) throw error;
    await (
      await outbox()
    ).enqueue({
      account: owner,
      path: item.call.path,
      payload: item.payload as Record<string, unknown>,
      slot: item.slot,
      kind: item.kind,
    });
    return 'queued';
  }
}
