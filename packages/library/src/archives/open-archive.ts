import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { LibraryError, errorMessage } from '../errors.js';
import type { ArchiveFormat, ArchiveReader } from './archive-reader.js';
import { FolderReader } from './folder-reader.js';
import { DEFAULT_LIMITS, type ArchiveLimits } from './limits.js';
import { RarReader } from './rar-reader.js';
import { SevenZipReader } from './sevenzip-reader.js';
import { decompress, sniffCompression, type TarCompression } from './tar-compression.js';
import { TarReader } from './tar-reader.js';
import { TAR_BLOCK, sniffTar } from './tar-sniff.js';
import { ZipReader } from './zip-reader.js';

/**
 * Container type from magic bytes. Extensions lie in real libraries (a .cbr that is a zip is the
 * commonest case), so the name is never consulted.
 */
export function sniffArchive(head: Uint8Array): Exclude<ArchiveFormat, 'folder'> | null {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  // PK\3\4 local file header, PK\5\6 empty archive, PK\7\8 spanned marker.
  if (
    b.length >= 4 &&
    b[0] === 0x50 &&
    b[1] === 0x4b &&
    [0x0304, 0x0506, 0x0708].includes(b.readUInt16BE(2))
  ) {
    return 'zip';
  }
  if (b.subarray(0, 6).equals(Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]))) return '7z';
  // Rar!\x1a\x07\x00 (RAR4) and Rar!\x1a\x07\x01\x00 (RAR5) share this prefix.
  if (b.subarray(0, 6).equals(Buffer.from('Rar!\x1a\x07', 'latin1'))) return 'rar';
  // Tar has no leading magic: its first 512-byte header must check out (see sniffTar).
  if (sniffTar(b)) return 'tar';
  // A gzip, bzip2, xz or zstd stream is taken for a compressed tar here; openArchive looks inside.
  if (sniffCompression(b)) return 'tar';
  return null;
}

/**
 * Whether a compressed file holds a tar: its first decompressed block must be a tar header (a
 * `.gz` of one image or document is not an archive).
 */
async function holdsTar(path: string, compression: TarCompression, limits: ArchiveLimits): Promise<boolean> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of decompress(compression, createReadStream(path), limits)) {
    chunks.push(chunk);
    length += chunk.length;
    if (length >= TAR_BLOCK) break;
  }
  return sniffTar(Buffer.concat(chunks));
}

/** The first bytes of a file: by default enough for sniffArchive (a whole tar header). */
export async function readHead(path: string, length = TAR_BLOCK): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Opens a ZIP, 7z, RAR, TAR (plain, or compressed with gzip, bzip2, xz or zstd) or folder; anything
 * else is refused with a reason.
 */
export async function openArchive(
  path: string,
  limits: ArchiveLimits = DEFAULT_LIMITS,
): Promise<ArchiveReader> {
  let info;
  try {
    info = await stat(path);
  } catch (e) {
    throw new LibraryError('not-found', `cannot open ${path}: ${errorMessage(e)}`, { cause: e });
  }
  if (info.isDirectory()) return new FolderReader(path, limits);
  if (info.size === 0) throw new LibraryError('corrupt', 'corrupt archive: empty file');
  const head = await readHead(path);
  const compression = sniffCompression(head);
  if (compression) {
    if (!(await holdsTar(path, compression, limits))) {
      throw new LibraryError(
        'unsupported',
        `unsupported archive: a ${compression} file that holds no TAR archive`,
      );
    }
    return new TarReader(path, limits, compression);
  }
  const format = sniffArchive(head);
  switch (format) {
    case 'zip':
      return new ZipReader(path, limits);
    case '7z':
      return new SevenZipReader(path, limits);
    case 'rar':
      return new RarReader(path, limits);
    case 'tar':
      return new TarReader(path, limits);
    default:
      throw new LibraryError('unsupported', 'unsupported archive: not a ZIP, 7z, RAR or TAR file');
  }
}
