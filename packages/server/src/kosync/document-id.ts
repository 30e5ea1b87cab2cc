/**
 * KOReader's two ids of a document (its "document matching method"): the partial MD5 of the file
 * ("Binary") and the MD5 of its file name ("Filename"). The partial MD5 hashes 1 KiB samples at
 * offsets 0 and 1024·4^i for i = 0…10, stopping at the first offset at or past the end of the file;
 * the last sample may be short (only the bytes that are there). Only 11 KiB of any file is read,
 * so library files of any size are identified cheaply.
 */
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';

const SAMPLE = 1024;

/** The offsets KOReader samples, up to a file of `size` bytes. */
export function sampleOffsets(size: number): number[] {
  const offsets: number[] = [];
  for (let i = -1; i <= 10; i++) {
    const offset = i < 0 ? 0 : SAMPLE * 4 ** i;
    if (offset >= size) break;
    offsets.push(offset);
  }
  return offsets;
}

export function partialMd5OfBuffer(data: Buffer): string {
  const hash = createHash('md5');
  for (const offset of sampleOffsets(data.length)) hash.update(data.subarray(offset, offset + SAMPLE));
  return hash.digest('hex');
}

export async function partialMd5OfFile(path: string): Promise<string> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const hash = createHash('md5');
    const buffer = Buffer.alloc(SAMPLE);
    for (const offset of sampleOffsets(size)) {
      const { bytesRead } = await file.read(buffer, 0, SAMPLE, offset);
      hash.update(buffer.subarray(0, bytesRead));
    }
    return hash.digest('hex');
  } finally {
    await file.close();
  }
}

/** KOReader's "Filename" id: the MD5 of the file's name (with its extension, without its folder). */
export function fileNameMd5(name: string): string {
  return createHash('md5').update(name, 'utf8').digest('hex');
}

export function pathNameMd5(path: string): string {
  return fileNameMd5(basename(path));
}

/** Characters KOReader replaces with `_` in a downloaded file's name (FAT-safe names). */
// eslint-disable-next-line no-control-regex -- control characters are among what it replaces
const UNSAFE_IN_NAMES = /[\\/:*?"<>|\u0000-\u001f]/g;

/**
 * The names an OPDS download may have on the e-reader: the name the server offers
 * (Content-Disposition) and the names KOReader's OPDS browser makes from the entry ("Author -
 * Title.ext", with "Unknown Author" when the entry has none or several, or just "Title.ext"),
 * each as written and made safe the way KOReader does.
 */
export function downloadFileNames(offered: string, entry: { title: string; authors: string[] }, ext: string) {
  const author = entry.authors.length === 1 ? entry.authors[0]! : 'Unknown Author';
  const names = [
    offered,
    `${author} - ${entry.title}.${ext}`,
    `${entry.authors.join(', ') || 'Unknown Author'} - ${entry.title}.${ext}`,
    `${entry.title}.${ext}`,
  ];
  return [...new Set(names.flatMap((name) => [name, name.replace(UNSAFE_IN_NAMES, '_')]))];
}
