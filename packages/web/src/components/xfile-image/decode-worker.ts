/**
 * Decoding `_xfile` images in a worker. On a slow phone, fetching, XOR-decoding and
 * wrapping a comic page cost the main thread several milliseconds each while the reader scrolls;
 * the worker does that work and also makes the object URL, so the page receives a string (no Blob
 * to deserialise, no URL to register on the main thread). A URL the worker made is revoked by the
 * worker (asked by message). Started by the reader only: a first load (home's largest image) does
 * not wait for a worker to spin up. When workers are unavailable, or the worker fails, images are
 * decoded on the main thread as before.
 */
export type DecodeJob = { id: number; url: string; xorKey: number } | { revoke: string };

export type DecodeResult = { id: number; objectUrl: string } | { id: number; error: string };

interface Pending {
  resolve: (objectUrl: string) => void;
  reject: (error: Error) => void;
  fallback: () => Promise<Blob>;
}

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, Pending>();
/** Object URLs made by the running worker (revoked there). */
const workerUrls = new Set<string>();

function onThisThread(fallback: () => Promise<Blob>): Promise<string> {
  return fallback().then((blob) => URL.createObjectURL(blob));
}

/** Told which object URLs died with a stopped worker (the image cache forgets them). */
const lostUrlListeners = new Set<(deadUrls: ReadonlySet<string>) => void>();

export function onWorkerUrlsLost(listener: (deadUrls: ReadonlySet<string>) => void): void {
  lostUrlListeners.add(listener);
}

function stopWorker(): void {
  worker?.terminate();
  worker = null;
  // The worker's URLs went with it: the cache forgets them, so a page shown again (or retried) is
  // decoded anew; whatever was in flight is decoded on the main thread instead.
  const dead = new Set(workerUrls);
  workerUrls.clear();
  for (const listener of lostUrlListeners) listener(dead);
  for (const job of pending.values()) onThisThread(job.fallback).then(job.resolve, job.reject);
  pending.clear();
}

/** Starts the decoding worker once; later calls do nothing. */
export function startDecodeWorker(): void {
  if (worker !== null || typeof Worker === 'undefined') return;
  try {
    worker = new Worker(new URL('./xfile-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    worker = null;
    return;
  }
  worker.onmessage = (event: MessageEvent<DecodeResult>) => {
    const result = event.data;
    const job = pending.get(result.id);
    if (!job) return;
    pending.delete(result.id);
    if ('objectUrl' in result) {
      workerUrls.add(result.objectUrl);
      job.resolve(result.objectUrl);
    } else job.reject(new Error(result.error));
  };
  worker.onerror = (event) => {
    event.preventDefault();
    stopWorker();
  };
}

/**
 * Decodes `url` to an object URL: in the worker when it runs, else with `fallback` on this thread.
 * `url` must be absolute: the worker resolves relative paths against its own script's address.
 */
export function decodeOffThread(url: string, xorKey: number, fallback: () => Promise<Blob>): Promise<string> {
  const target = worker;
  if (target === null) return onThisThread(fallback);
  return new Promise<string>((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject, fallback });
    target.postMessage({ id, url, xorKey } satisfies DecodeJob);
  });
}

/** Frees an object URL from decodeOffThread, in the thread that made it. */
export function revokeDecodedUrl(objectUrl: string): void {
  if (workerUrls.delete(objectUrl)) worker?.postMessage({ revoke: objectUrl } satisfies DecodeJob);
  else URL.revokeObjectURL(objectUrl);
}
