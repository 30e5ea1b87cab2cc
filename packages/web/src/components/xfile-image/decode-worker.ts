/**
 * Decoding `_xfile` images in a worker (issue 16). On a slow phone, fetching, XOR-decoding and
 * wrapping a comic page cost the main thread several milliseconds each while the reader scrolls;
 * the worker does that work and the page only turns the Blob into an object URL. Started by the
 * reader only: a first load (home's largest image) does not wait for a worker to spin up. When
 * workers are unavailable, or the worker fails, images are decoded on the main thread as before.
 */
export interface DecodeJob {
  id: number;
  url: string;
  xorKey: number;
}

export type DecodeResult = { id: number; blob: Blob } | { id: number; error: string };

interface Pending {
  resolve: (blob: Blob) => void;
  reject: (error: Error) => void;
  fallback: () => Promise<Blob>;
}

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, Pending>();

function stopWorker(): void {
  worker?.terminate();
  worker = null;
  // Whatever was in flight is decoded on the main thread instead.
  for (const job of pending.values()) job.fallback().then(job.resolve, job.reject);
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
    if ('blob' in result) job.resolve(result.blob);
    else job.reject(new Error(result.error));
  };
  worker.onerror = (event) => {
    event.preventDefault();
    stopWorker();
  };
}

/**
 * Decodes `url` in the worker when it runs, else with `fallback` on this thread. `url` must be
 * absolute: the worker resolves relative paths against its own script's address.
 */
export function decodeOffThread(url: string, xorKey: number, fallback: () => Promise<Blob>): Promise<Blob> {
  const target = worker;
  if (target === null) return fallback();
  return new Promise<Blob>((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject, fallback });
    target.postMessage({ id, url, xorKey } satisfies DecodeJob);
  });
}
