import type { Readable } from 'node:stream';
import { LibraryError } from '../errors.js';

/**
 * Collects a stream into memory but stops (and destroys the source) as soon as it passes
 * maxBytes, so a lying size header cannot make us buffer a bomb's output.
 */
export function collectLimited(stream: Readable, maxBytes: number, what: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let done = false;
    const fail = (error: Error) => {
      if (done) return;
      done = true;
      stream.destroy();
      reject(error);
    };
    stream.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) {
        fail(new LibraryError('limit', `${what} is larger than the ${maxBytes} byte read limit`));
        return;
      }
      chunks.push(chunk);
    });
    stream.on('error', (e) => fail(e));
    stream.on('end', () => {
      if (done) return;
      done = true;
      resolve(Buffer.concat(chunks, total));
    });
  });
}
