/**
 * A small ZIP writer (deflate or store, UTF-8 names). The demo library and the OPDS downloads build
 * their CBZ and EPUB files with it (EPUB needs `mimetype` stored first), and tests build bad archives with it: it
 * writes any name (including `../evil.jpg`, which real zip tools refuse to produce) and can lie
 * about sizes (`declaredSize`), so zip bombs and path attacks can be made on purpose.
 */
import { deflateRawSync } from 'node:zlib';

export interface ZipInput {
  name: string;
  data?: Buffer;
  /** Store instead of deflate. */
  store?: boolean;
  /** Lie about the uncompressed size in the headers (bomb tests). */
  declaredSize?: number;
  /**
   * The entry's date (say, when its chapter last changed). Written as a DOS date from the UTC
   * fields, so the same input gives the same bytes on any server whatever its time zone; no extra
   * timestamp field, since EPUB forbids one on `mimetype`. Unset: the DOS epoch, 1980-01-01.
   */
  modified?: Date;
}

/** The DOS time and date words of a moment, clamped to what they can hold (1980–2107). */
export function dosDateTime(moment: Date | undefined): { time: number; date: number } {
  const ms = moment?.getTime();
  if (ms === undefined || !Number.isFinite(ms)) return { time: 0, date: (1 << 5) | 1 };
  const at = new Date(Math.min(Math.max(ms, Date.UTC(1980, 0, 1)), Date.UTC(2107, 11, 31, 23, 59, 58)));
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const b of data) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The archive's bytes: local headers, bodies, central directory, end record. */
export function buildZip(files: readonly ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const data = file.data ?? Buffer.alloc(0);
    const method = file.store || data.length === 0 ? 0 : 8;
    const body = method === 8 ? deflateRawSync(data) : data;
    const size = file.declaredSize ?? data.length;
    const crc = crc32(data);
    const { time, date } = dosDateTime(file.modified);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(file.name.endsWith('/') ? 0x10 : 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
