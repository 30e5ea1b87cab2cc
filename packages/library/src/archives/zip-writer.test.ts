/**
 * The ZIP writer's entry dates as another ZIP reader (yauzl) sees them: the date given, not the
 * DOS epoch, and the same bytes for the same input whatever the server's time zone.
 */
import { fromBuffer, type Entry } from 'yauzl';
import { describe, expect, it } from 'vitest';
import { buildZip } from './zip-writer.js';

function entries(zip: Buffer): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('no zip'));
      const found: Entry[] = [];
      file.on('entry', (entry: Entry) => {
        found.push(entry);
        file.readEntry();
      });
      file.on('end', () => resolve(found));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

describe('buildZip entry dates', () => {
  it('writes the given date (to the even second) into the local and central headers', async () => {
    const modified = new Date(Date.UTC(2024, 4, 17, 13, 45, 31));
    const zip = buildZip([
      { name: 'a.txt', data: Buffer.from('hello'), modified },
      { name: 'b.txt', data: Buffer.from('world') },
    ]);
    const [a, b] = await entries(zip);
    // yauzl reads DOS dates as UTC when asked to (timezone 'UTC').
    expect(a!.getLastModDate({ timezone: 'UTC' }).toISOString()).toBe('2024-05-17T13:45:30.000Z');
    expect(b!.getLastModDate({ timezone: 'UTC' }).toISOString()).toBe('1980-01-01T00:00:00.000Z');
    // The local header's date words match the central directory's.
    expect(zip.readUInt16LE(10)).toBe(a!.lastModFileTime);
    expect(zip.readUInt16LE(12)).toBe(a!.lastModFileDate);
  });

  it('gives the same bytes for the same input, and clamps dates a DOS date cannot hold', async () => {
    const input = () => [{ name: 'page.jpg', data: Buffer.alloc(64, 7), modified: new Date(0), store: true }];
    expect(buildZip(input()).equals(buildZip(input()))).toBe(true);
    const [entry] = await entries(buildZip(input()));
    expect(entry!.getLastModDate({ timezone: 'UTC' }).toISOString()).toBe('1980-01-01T00:00:00.000Z');
  });
});
