import { describe, expect, it } from 'vitest';
import { crc32 } from '../testing/zip-builder.js';
import { tinyPng } from '../testing/fixtures.js';
import { probeImage } from './image-probe.js';
import { openArchive } from '../archives/open-archive.js';
import { corpusPath } from '../testing/corpus.js';

/** A 70-byte PNG declaring width × height: its one IDAT chunk is an empty zlib stream. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('probeImage', () => {
  it('reads format and size of a real PNG', async () => {
    expect(await probeImage(await tinyPng(7, 9))).toEqual({ format: 'png', width: 7, height: 9 });
  });

  it('refuses an image declaring an absurd pixel count without decoding it', async () => {
    await expect(probeImage(pngHeader(100_000, 100_000))).rejects.toMatchObject({
      code: 'limit',
      reason: 'image too large: 100000×100000 pixels is over the 100000000 pixel limit',
    });
  });

  it('refuses bytes that are not an image', async () => {
    await expect(probeImage(Buffer.from('not an image at all'))).rejects.toMatchObject({ code: 'invalid' });
  });

  it('probes the AVIF, JPEG, PNG and WebP pages of the Stump archive', async () => {
    const reader = await openArchive(corpusPath('comics/stump/book-image-format-test.zip'));
    const formats: string[] = [];
    for (const name of ['book/1.avif', 'book/2.jpeg', 'book/4.png', 'book/5.webp']) {
      formats.push((await probeImage(await reader.read(name))).format);
    }
    expect(formats).toEqual(['heif', 'jpeg', 'png', 'webp']);
  });
});
