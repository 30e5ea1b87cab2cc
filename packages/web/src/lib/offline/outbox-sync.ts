import type { CallRef, CallRequest } from '@dm51/shared';
import {
  animeFavoriteAddCall,
  animeFavoriteDelCall,
  animeProgressCall,
  bookReadAddCall,
  commentZanCall,
  readAddCall,
} from '@dm51/shared/call-refs';
import { callApi, onCallAnswered } from '../api/client';
import { ApiError, isUnreachable } from '../api/errors';
import { sessionStore } from '../../state/session';
import { clearOutbox, flushIfQueued, flushOutbox, type SendOutcome } from './outbox';

/**
 * The outbox's connection to the app: the calls it may queue, how a queued call is sent, and
 * when the queue is sent (app start, the 'online' event, a new session, any answered call).
 */

/**
 * The calls that are idempotent "set" operations, so they may be queued and sent late (a comment
 * like only with `is_zan`, which useToggleZan always sends).
 */
const QUEUEABLE: ReadonlyMap<string, CallRef> = new Map<string, CallRef>(
  [
    readAddCall,
    bookReadAddCall,
    animeProgressCall,
    animeFavoriteAddCall,
    animeFavoriteDelCall,
    commentZanCall,
  ].map((call) => [call.path, call]),
);

/**
 * Sends one queued call quietly (the reader is not told of each one). A call the server never
 * answered, or answered without a verdict (an HTTP error from a proxy while it restarts, a lost
 * session), may succeed later; a code from the server means it never will.
 */
async function sendQueued(path: string, payload: Record<string, unknown>): Promise<SendOutcome> {
  const call = QUEUEABLE.get(path);
  if (!call) return 'refused';
  try {
    await callApi(call, payload as CallRequest<typeof call>, { silent: true });
    return 'sent';
  } catch (error) {
    if (isUnreachable(error)) return 'unreachable';
    if (error instanceof ApiError && ['transport', 'unauthorized', 'no-host'].includes(error.kind))
      return 'unreachable';
    return 'refused';
  }
}

function account(): number {
  return sessionStore.get().uid;
}

function flushNow(): void {
  if (globalThis.navigator?.onLine === false) return;
  void flushOutbox(account(), sendQueued).catch(() => undefined);
}

let started = false;

/** Starts sending the queue; called once by the shell (components/offline-sync). */
export function startOutboxSync(): void {
  if (started) return;
  started = true;
  globalThis.addEventListener?.('online', flushNow);
  sessionStore.subscribe(flushNow);
  onCallAnswered(() => void flushIfQueued(account(), sendQueued).catch(() => undefined));
  flushNow();
}

/** The longest a logout waits for the queue to go out before it is dropped with the account. */
const LOGOUT_FLUSH_MS = 3_000;

/**
 * Logging out: what the account read offline is sent while it still can be (its session is about
 * to end), then the rest goes with the account, so nothing of it is sent as anyone else later.
 */
export async function settleOutboxBeforeLogout(leaving: number): Promise<void> {
  if (globalThis.navigator?.onLine !== false) {
    const flushed = flushOutbox(leaving, sendQueued).catch(() => undefined);
    await Promise.race([flushed, new Promise((resolve) => setTimeout(resolve, LOGOUT_FLUSH_MS))]);
  }
  await clearOutbox(leaving);
}
