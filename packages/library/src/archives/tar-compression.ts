import { PassThrough, Readable, pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Decompress as ZstdDecompress } from 'fzstd';
import unbzip2 from 'unbzip2-stream';
import xzDecompress from 'xz-decompress';
import { LibraryError, errorMessage } from '../errors.js';
import type { ArchiveLimits } from './limits.js';

// A CommonJS module whose exports Node's ESM loader cannot name.
const { XzReadableStream } = xzDecompress;

/** The compressions a tar is found in (`.tar.gz`/`.tgz`, `.tar.bz2`, `.tar.xz`, `.tar.zst`, or a `.cbt`). */
export type TarCompression = 'gzip' | 'bzip2' | 'xz' | 'zstd';

/** The compression a file's first bytes announce, by each format's magic number. */
export function sniffCompression(head: Uint8Array): TarCompression | null {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (b.length >= 3 && b[0] === 0x1f && b[1] === 0x8b && b[2] === 0x08) return 'gzip';
  // 'BZh' and the block size digit 1-9.
  if (b.length >= 4 && b.subarray(0, 3).toString('latin1') === 'BZh' && b[3]! >= 0x31 && b[3]! <= 0x39) {
    return 'bzip2';
  }
  if (b.subarray(0, 6).equals(Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]))) return 'xz';
  if (b.subarray(0, 4).equals(Buffer.from([0x28, 0xb5, 0x2f, 0xfd]))) return 'zstd';
  return null;
}

/**
 * The decompressed bytes of `compressed`, all pure JavaScript or WebAssembly shipped in the
 * packages (Node's zlib for gzip, unbzip2-stream, xz-decompress, fzstd): nothing to build or
 * download. Decoding stops with LibraryError('limit') once the output passes `maxRatio` times the
 * compressed bytes read (past `ratioFloorBytes`): the same bomb guard as a ZIP entry's ratio, for a
 * stream whose entries have no compressed size of their own. A truncated or damaged stream is
 * LibraryError('corrupt') naming the compression.
 */
export async function* decompress(
  compression: TarCompression,
  compressed: AsyncIterable<Uint8Array>,
  limits: Pick<ArchiveLimits, 'maxRatio' | 'ratioFloorBytes'>,
): AsyncGenerator<Uint8Array> {
  const guard = new RatioGuard(limits);
  async function* counted(): AsyncGenerator<Uint8Array> {
    for await (const chunk of compressed) {
      guard.read += chunk.length;
      yield chunk;
    }
  }
  try {
    for await (const chunk of decoder(compression, counted(), guard)) {
      guard.written += chunk.length;
      guard.check(0);
      yield chunk;
    }
  } catch (e) {
    if (e instanceof LibraryError) throw e;
    // A decoder's own TypeError on cut input ("cannot read properties of undefined") says nothing.
    const detail = e instanceof TypeError ? '' : ` (${errorMessage(e)})`;
    throw new LibraryError(
      'corrupt',
      `corrupt archive: truncated or damaged ${compression} stream${detail}`,
      {
        cause: e,
      },
    );
  }
}

/** Compressed bytes read and decompressed bytes handed on, against the ratio limit. */
class RatioGuard {
  read = 0;
  written = 0;
  constructor(private readonly limits: Pick<ArchiveLimits, 'maxRatio' | 'ratioFloorBytes'>) {}

  /** Throws once `pending` more bytes would take the output past the limit. */
  check(pending: number): void {
    const output = this.written + pending;
    if (output > this.limits.ratioFloorBytes && output > this.read * this.limits.maxRatio) {
      throw new LibraryError(
        'limit',
        `compression ratio over the ${this.limits.maxRatio}:1 limit: ${output} bytes from ${this.read} (zip bomb?)`,
      );
    }
  }
}

function decoder(
  compression: TarCompression,
  input: AsyncIterable<Uint8Array>,
  guard: RatioGuard,
): AsyncIterable<Uint8Array> {
  switch (compression) {
    case 'gzip':
      return throughNodeStream(input, createGunzip());
    case 'bzip2':
      return throughNodeStream(input, unbzip2());
    case 'xz':
      // Web streams in and out: the decoder is a WHATWG ReadableStream over one.
      return Readable.fromWeb(
        new XzReadableStream(Readable.toWeb(Readable.from(input)) as ReadableStream<Uint8Array>) as never,
      );
    case 'zstd':
      return zstdChunks(input, guard);
  }
}

/** `input` through a Node transform (zlib's gunzip, unbzip2-stream's through stream), as chunks. */
function throughNodeStream(
  input: AsyncIterable<Uint8Array>,
  transform: NodeJS.ReadWriteStream,
): AsyncIterable<Uint8Array> {
  const output = new PassThrough();
  pipeline(Readable.from(input), transform, output, () => undefined);
  return output;
}

/**
 * fzstd hands out every block a pushed chunk completes before push() returns: the guard is asked
 * block by block, so a chunk of a bomb cannot make more than the limit allows before it is stopped.
 */
async function* zstdChunks(input: AsyncIterable<Uint8Array>, guard: RatioGuard): AsyncGenerator<Uint8Array> {
  let blocks: Uint8Array[] = [];
  let pending = 0;
  let ended = false;
  const stream = new ZstdDecompress((block, final) => {
    pending += block.length;
    guard.check(pending);
    blocks.push(block);
    if (final) ended = true;
  });
  const flush = () => {
    const out = blocks;
    blocks = [];
    pending = 0;
    return out;
  };
  for await (const chunk of input) {
    stream.push(chunk);
    yield* flush();
  }
  stream.push(new Uint8Array(0), true);
  yield* flush();
  if (!ended) throw new Error('unexpected end of data');
}
