import type { Readable } from 'node:stream';
import tarStream from 'tar-stream';
import { LibraryError, errorMessage } from '../errors.js';

/** One entry as tar-stream hands it out: its header and a stream of its data. */
export type TarEntry = tarStream.Extract extends AsyncIterable<infer E> ? E : never;

/**
 * One front-to-back pass over a tar's entries, parsed by tar-stream from `source` (the file, or
 * its decompressed stream). Each entry's data is skipped unless read before the next is asked for.
 */
export class TarPass {
  /** Entries handed out so far. */
  count = 0;
  private readonly extract: tarStream.Extract;
  private readonly entries: AsyncIterator<TarEntry>;
  private current: TarEntry | null = null;

  constructor(private readonly source: Readable) {
    // Names are taken as bytes (latin1 keeps every byte) and decoded by the reader, which knows the
    // legacy code pages (GBK...) that tar headers hold undeclared; pax paths are UTF-8 by standard.
    // allowUnknownFormat: pre-POSIX (v7) headers have no magic. Both options are tar-stream's,
    // missing from its type declarations.
    const options = { filenameEncoding: 'latin1', allowUnknownFormat: true };
    this.extract = tarStream.extract(options as Parameters<typeof tarStream.extract>[0]);
    source.on('error', (e) => this.extract.destroy(e));
    this.extract.on('close', () => source.destroy());
    source.pipe(this.extract as unknown as NodeJS.WritableStream);
    this.entries = this.extract[Symbol.asyncIterator]();
  }

  /** The next entry, the current one's data skipped; null at the end of the archive. */
  async next(): Promise<TarEntry | null> {
    this.current?.resume();
    this.current = null;
    let result: IteratorResult<TarEntry>;
    try {
      result = await this.entries.next();
    } catch (e) {
      throw tarError(e);
    }
    if (result.done) return null;
    this.count += 1;
    this.current = result.value;
    return result.value;
  }

  close(): void {
    this.extract.destroy();
    this.source.destroy();
  }
}

/** tar-stream's and the decoders' errors as the refusals every archive gives. */
function tarError(e: unknown): LibraryError {
  if (e instanceof LibraryError) return e;
  const message = errorMessage(e);
  if (message === 'Unexpected end of data') {
    return new LibraryError('corrupt', 'corrupt archive: truncated tar (it ends inside an entry)', {
      cause: e,
    });
  }
  if (message === 'Header exceeds max size') {
    return new LibraryError('limit', 'tar extended header over 4 MiB', { cause: e });
  }
  if (message === 'Invalid header') {
    return new LibraryError('corrupt', 'corrupt archive: bad tar size field', { cause: e });
  }
  if (message.startsWith('Invalid tar header')) {
    return new LibraryError('corrupt', 'corrupt archive: bad tar header checksum', { cause: e });
  }
  return new LibraryError('corrupt', `corrupt archive: ${message}`, { cause: e });
}
