import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellPartialMd5, shellPartialMd5Of } from '../testing/koreader.js';
import {
  downloadFileNames,
  fileNameMd5,
  partialMd5OfBuffer,
  partialMd5OfFile,
  sampleOffsets,
} from './document-id.js';

const dir = mkdtempSync(join(tmpdir(), 'document-id-'));

/** Bytes that differ everywhere, so a sample read at the wrong offset gives another hash. */
const bytes = (size: number) =>
  Buffer.from(Array.from({ length: size }, (_, i) => (i * 131 + (i >> 8)) & 255));

describe("KOReader's document ids", () => {
  it('samples 1 KiB at 0 and 1024·4^i, stopping at the first offset past the end', () => {
    expect(sampleOffsets(1)).toEqual([0]);
    expect(sampleOffsets(1024)).toEqual([0]);
    expect(sampleOffsets(1025)).toEqual([0, 1024]);
    expect(sampleOffsets(4097)).toEqual([0, 1024, 4096]);
    expect(sampleOffsets(2 ** 31)).toHaveLength(12);
    expect(sampleOffsets(2 ** 31).at(-1)).toBe(1024 * 4 ** 10);
  });

  it.each([0, 1, 1000, 1024, 1025, 3000, 4096, 4097, 70_000, 300_000])(
    'matches the shell’s partial MD5 of a %d-byte file, from a buffer and from the file',
    async (size) => {
      const data = bytes(size);
      const path = join(dir, `f${size}.bin`);
      writeFileSync(path, data);
      const expected = shellPartialMd5(path);
      expect(partialMd5OfBuffer(data)).toBe(expected);
      expect(await partialMd5OfFile(path)).toBe(expected);
      expect(shellPartialMd5Of(data, dir)).toBe(expected);
    },
  );

  it('hashes a file name as UTF-8, and knows the names KOReader saves a download under', () => {
    expect(fileNameMd5('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    const names = downloadFileNames(
      '鉄の庭 - 第12话: 嵐.cbz',
      { title: '第12话: 嵐', authors: ['霧島 蓮', '南 ひかり'] },
      'cbz',
    );
    expect(names).toEqual(
      expect.arrayContaining([
        '鉄の庭 - 第12话: 嵐.cbz',
        '鉄の庭 - 第12话_ 嵐.cbz',
        'Unknown Author - 第12话: 嵐.cbz',
        '霧島 蓮, 南 ひかり - 第12话_ 嵐.cbz',
        '第12话_ 嵐.cbz',
      ]),
    );
    expect(
      downloadFileNames('River Town.epub', { title: 'River Town', authors: ['Shen Lan'] }, 'epub'),
    ).toContain('Shen Lan - River Town.epub');
  });
});
