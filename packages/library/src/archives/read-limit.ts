import type { Readable } from 'node:stream';
import { LibraryError } from '../errors.js';
import type { ArchiveEntry, ArchiveListing } from './archive-reader.js';

/**
 * The listed file entry `read(name, maxBytes)` asks for, refused before a byte is read when it is
 * missing, encrypted or declared larger than maxBytes.
 */
export function entryToRead(listing: ArchiveListing, name: string, maxBytes: number): ArchiveEntry {
  const entry = listing.entries.find((e) => e.name === name && !e.isDirectory);
  if (!entry) throw new LibraryError('not-found', `no entry named ${name}`);
  if (entry.encrypted) throw new LibraryError('encrypted', 'encrypted archive');
  if (entry.size > maxBytes) throw overReadLimit(name, maxBytes);
  return entry;
}

export function overReadLimit(name: string, maxBytes: number): LibraryError {
  return new LibraryError('limit', `${name} is larger than the ${maxBytes} byte read limit`);
}

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
        fail(overReadLimit(what, maxBytes));
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
