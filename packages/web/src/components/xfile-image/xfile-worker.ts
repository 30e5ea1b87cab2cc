/**
 * The reader's image decoder, off the main thread: fetches an `_xfile` page, XORs it
 * back, makes the object URL and hands the page that string; the page asks for the URL's revocation
 * when it drops the image. The same fetchXfile as on the main thread: timeout, retries and types
 * are unchanged.
 */
import { fetchXfile } from './fetch-xfile';
import type { DecodeJob, DecodeResult } from './decode-worker';

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<DecodeJob>) => void) | null;
  postMessage(message: DecodeResult): void;
};

scope.onmessage = (event) => {
  const job = event.data;
  if ('revoke' in job) {
    URL.revokeObjectURL(job.revoke);
    return;
  }
  const { id, url, xorKey } = job;
  fetchXfile(url, { xorKey }).then(
    (blob) => scope.postMessage({ id, objectUrl: URL.createObjectURL(blob) }),
    (error: unknown) =>
      scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
};
