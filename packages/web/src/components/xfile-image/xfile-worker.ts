/**
 * The reader's image decoder, off the main thread (issue 16): fetches an `_xfile` page, XORs it
 * back and hands the Blob to the page (a Blob crosses threads as a handle, not a copy). The same
 * fetchXfile as on the main thread: timeout, retries and types are unchanged.
 */
import { fetchXfile } from './fetch-xfile';
import type { DecodeJob, DecodeResult } from './decode-worker';

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<DecodeJob>) => void) | null;
  postMessage(message: DecodeResult): void;
};

scope.onmessage = (event) => {
  const { id, url, xorKey } = event.data;
  fetchXfile(url, { xorKey }).then(
    (blob) => scope.postMessage({ id, blob }),
    (error: unknown) =>
      scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
};
