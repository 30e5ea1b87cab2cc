import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The outbox: calls made without a connection (reading places, anime favourites, comment likes), kept in
 * IndexedDB per account and sent when the connection returns. Only calls that are idempotent
 * "set" operations are queued, so sending one twice, or after a newer one from another device,
 * does no harm: places carry `read_at` and the server keeps the newest; a favourite is "add" or
 * "remove" and a comment like carries `is_zan`, the state the reader wanted.
 */

/** What the sync notice counts. */
export type OutboxKind = 'place' | 'favorite' | 'like';

export interface OutboxEntry {
  /** Insertion order: entries are sent oldest first. */
  seq?: number;
  /** The session's user id: an entry is only ever sent with its own account's session. */
  account: number;
  /** The call's path, e.g. /v3/read/add. */
  path: string;
  /** The call's request, including `read_at` for places. */
  payload: Record<string, unknown>;
  /**
   * What the entry sets (a work's place, an episode's position, an anime's favourite): a newer
   * entry with the same slot makes an older one pointless, so it replaces it.
   */
  slot: string;
  kind: OutboxKind;
  /** ms since the epoch. */
  queuedAt: number;
}

export type NewEntry = Omit<OutboxEntry, 'seq' | 'queuedAt'>;

/** What sending one entry came to: refused entries are dropped (they never succeed). */
export type SendOutcome = 'sent' | 'refused' | 'unreachable';
export type OutboxSender = (path: string, payload: Record<string, unknown>) => Promise<SendOutcome>;

export type SyncedCounts = Record<OutboxKind, number>;

export type OutboxEvent =
  | { type: 'size'; account: number; size: number }
  /** The queue went empty after a flush; what was sent since it last was. */
  | { type: 'synced'; account: number; synced: SyncedCounts };

interface OutboxSchema extends DBSchema {
  entries: {
    key: number;
    value: OutboxEntry;
    indexes: { account: number; slot: [number, string] };
  };
}

const DB_NAME = 'dm51-outbox';

let opening: Promise<IDBPDatabase<OutboxSchema>> | null = null;

function outboxDb(): Promise<IDBPDatabase<OutboxSchema>> {
  opening ??= openDB<OutboxSchema>(DB_NAME, 1, {
    upgrade(db) {
      const store = db.createObjectStore('entries', { keyPath: 'seq', autoIncrement: true });
      store.createIndex('account', 'account');
      store.createIndex('slot', ['account', 'slot']);
    },
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

const listeners = new Set<(event: OutboxEvent) => void>();
/** Known queue sizes per account, so a flush after every answered call costs nothing when empty. */
const sizes = new Map<number, number>();
/** Sent since the account's queue was last empty (a flush may stop halfway and resume later). */
const synced = new Map<number, SyncedCounts>();
const flushing = new Map<number, Promise<void>>();

export function subscribeOutbox(listener: (event: OutboxEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: OutboxEvent): void {
  listeners.forEach((listener) => listener(event));
}

async function refreshSize(account: number): Promise<number> {
  const size = await (await outboxDb()).countFromIndex('entries', 'account', account);
  if (sizes.get(account) !== size) {
    sizes.set(account, size);
    emit({ type: 'size', account, size });
  }
  return size;
}

/** How many calls of the account wait for a connection. */
export async function outboxSize(account: number): Promise<number> {
  return sizes.get(account) ?? refreshSize(account);
}

/** Queues a call, replacing what is queued for the same slot (the newer state wins). */
export async function enqueue(entry: NewEntry, now = Date.now()): Promise<void> {
  const db = await outboxDb();
  const tx = db.transaction('entries', 'readwrite');
  const older = await tx.store.index('slot').getAllKeys([entry.account, entry.slot]);
  await Promise.all([...older.map((seq) => tx.store.delete(seq)), tx.store.add({ ...entry, queuedAt: now })]);
  await tx.done;
  await refreshSize(entry.account);
}

/** The same slot was just set live: whatever waits for it is older and need not be sent. */
export async function forget(account: number, slot: string): Promise<void> {
  if (sizes.get(account) === 0) return;
  const db = await outboxDb();
  const tx = db.transaction('entries', 'readwrite');
  const older = await tx.store.index('slot').getAllKeys([account, slot]);
  await Promise.all(older.map((seq) => tx.store.delete(seq)));
  await tx.done;
  if (older.length > 0) await refreshSize(account);
}

/** Drops the account's queue (logout: what it did offline is not sent with another session). */
export async function clearOutbox(account: number): Promise<void> {
  const db = await outboxDb();
  const tx = db.transaction('entries', 'readwrite');
  const seqs = await tx.store.index('account').getAllKeys(account);
  await Promise.all(seqs.map((seq) => tx.store.delete(seq)));
  await tx.done;
  synced.delete(account);
  await refreshSize(account);
}

/** The account's entries, oldest first. */
export async function outboxEntries(account: number): Promise<OutboxEntry[]> {
  return (await outboxDb()).getAllFromIndex('entries', 'account', account);
}

/**
 * Sends the account's entries in order, one at a time, until the queue is empty or the connection
 * fails (the rest wait for the next flush). One flush per account at a time; a call while one
 * runs joins it.
 */
export function flushOutbox(account: number, send: OutboxSender): Promise<void> {
  if (account <= 0) return Promise.resolve();
  const running = flushing.get(account);
  if (running) return running;
  const run = drain(account, send).finally(() => flushing.delete(account));
  flushing.set(account, run);
  return run;
}

/** The same, skipped when this tab knows the queue is empty (it runs after every answered call). */
export function flushIfQueued(account: number, send: OutboxSender): Promise<void> {
  return sizes.get(account) === 0 ? Promise.resolve() : flushOutbox(account, send);
}

async function drain(account: number, send: OutboxSender): Promise<void> {
  const db = await outboxDb();
  for (;;) {
    // Read the head afresh each time: entries queued meanwhile join the end of this flush.
    const [head] = await db.getAllFromIndex('entries', 'account', account, 1);
    if (!head) break;
    const outcome = await send(head.path, head.payload);
    if (outcome === 'unreachable') {
      await refreshSize(account);
      return;
    }
    await db.delete('entries', head.seq!);
    if (outcome === 'sent') {
      const counts = synced.get(account) ?? { place: 0, favorite: 0, like: 0 };
      counts[head.kind] += 1;
      synced.set(account, counts);
    }
    await refreshSize(account);
  }
  await refreshSize(account);
  const counts = synced.get(account);
  synced.delete(account);
  if (counts) emit({ type: 'synced', account, synced: counts });
}
