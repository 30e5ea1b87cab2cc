/**
 * Copies every object of one media store into another (the embedded install's local files onto
 * S3 for a scaled-out deployment). Keys are content-addressed and `put` of an existing key
 * is a no-op, so a copy that was interrupted is simply run again: objects already there are
 * skipped after a stat, the rest are written.
 */
import type { MediaStore } from './media-store.js';

/** Objects in flight at once: enough to hide the object store's latency, few enough for memory. */
const PARALLEL = 8;

export interface MediaCopyResult {
  copied: number;
  alreadyThere: number;
  bytes: number;
}

export async function copyMedia(
  from: MediaStore,
  to: MediaStore,
  onProgress: (done: number) => void = () => undefined,
): Promise<MediaCopyResult> {
  const result: MediaCopyResult = { copied: 0, alreadyThere: 0, bytes: 0 };
  const keys = from.keys()[Symbol.asyncIterator]();
  let done = 0;
  const worker = async () => {
    for (;;) {
      const next = await keys.next();
      if (next.done) return;
      const key = next.value;
      if (await to.stat(key)) {
        result.alreadyThere += 1;
      } else {
        const data = await from.get(key);
        // Deleted between the listing and the read (a live source): nothing to copy.
        if (data) {
          await to.put(key, data);
          result.copied += 1;
          result.bytes += data.length;
        }
      }
      done += 1;
      onProgress(done);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return result;
}
