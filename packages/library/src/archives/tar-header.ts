import { LibraryError } from '../errors.js';
import { decodeUndeclaredName } from './name-encoding.js';

/** Tar is a sequence of 512-byte blocks: a header, then the entry's data padded to a block. */
export const TAR_BLOCK = 512;

/**
 * One tar header. Three dialects share the layout: POSIX ustar (`ustar\0` `00`, a 155-byte name
 * prefix), old GNU (`ustar  \0`, whose prefix area holds times and sparse maps instead) and
 * pre-POSIX v7 (no magic at all).
 */
export interface TarHeader {
  /** The name the header itself holds (ustar prefix joined); pax and GNU long names replace it. */
  name: string;
  /** Declared data size in bytes; Infinity when a base-256 size passes the safe integers. */
  size: number;
  /** Type flag; NUL (v7 regular file) reads as '0'. */
  type: string;
  dialect: 'posix' | 'gnu' | 'v7';
  /** Old GNU sparse ('S'): more sparse-map blocks follow the header before the data. */
  sparseExtended: boolean;
}

export function isZeroBlock(block: Uint8Array): boolean {
  return block.every((b) => b === 0);
}

/** The header in `block`, or null when its checksum does not match (not a tar header). */
export function parseTarHeader(block: Buffer): TarHeader | null {
  if (block.length < TAR_BLOCK) return null;
  const stored = parseNumber(block.subarray(148, 156));
  if (stored === null || !checksumMatches(block, stored)) return null;
  // 'ustar\0' + version '00' is POSIX; GNU tar's own format writes 'ustar  \0'.
  const magic = block.subarray(257, 263).toString('latin1');
  const dialect = magic === 'ustar\u0000' ? 'posix' : magic === 'ustar ' ? 'gnu' : 'v7';
  let name = decodeName(cString(block.subarray(0, 100)));
  if (dialect === 'posix') {
    const prefix = cString(block.subarray(345, 500));
    if (prefix.length > 0) name = `${decodeName(prefix)}/${name}`;
  }
  const typeByte = block[156] ?? 0;
  const type = typeByte === 0 ? '0' : String.fromCharCode(typeByte);
  return {
    name,
    size: parseNumber(block.subarray(124, 136)) ?? Number.NaN,
    type,
    dialect,
    sparseExtended: type === 'S' && dialect === 'gnu' && block[482] !== 0,
  };
}

/**
 * Whether a file opens with a tar header: the checksum must match, and a v7 header (no magic to
 * go by) must also name a plain entry type.
 */
export function sniffTar(head: Buffer): boolean {
  if (head.length < TAR_BLOCK || isZeroBlock(head.subarray(0, TAR_BLOCK))) return false;
  const header = parseTarHeader(head.subarray(0, TAR_BLOCK));
  if (!header || !Number.isFinite(header.size)) return false;
  return header.dialect !== 'v7' || (header.name.length > 0 && /^[0-7]$/.test(header.type));
}

/**
 * The header checksum is the byte sum with the checksum field read as spaces. Old writers summed
 * signed bytes; both are accepted, as GNU tar does.
 */
function checksumMatches(block: Buffer, stored: number): boolean {
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < TAR_BLOCK; i++) {
    const b = i >= 148 && i < 156 ? 0x20 : (block[i] ?? 0);
    unsigned += b;
    signed += b > 127 ? b - 256 : b;
  }
  return stored === unsigned || stored === signed;
}

/**
 * A numeric field: octal digits ended by NUL or space (all 12 digits of a size may be used,
 * without a terminator, up to 64 GiB), or GNU base-256 when the top bit of the first byte is set
 * (sizes of 8 GiB and more). Null when malformed or negative.
 */
export function parseNumber(field: Buffer): number | null {
  const first = field[0] ?? 0;
  if (first & 0x80) {
    if (first & 0x40) return null; // negative
    let value = first & 0x3f;
    for (const b of field.subarray(1)) {
      value = value * 256 + b;
      if (value > Number.MAX_SAFE_INTEGER) return Number.POSITIVE_INFINITY;
    }
    return value;
  }
  const text = field.toString('latin1').replace(/\0.*$/s, '').trim();
  if (!/^[0-7]*$/.test(text)) return null;
  return text === '' ? 0 : parseInt(text, 8);
}

/** What a pax extended header ('x') says about the next entry; only what a reader needs. */
export interface PaxRecords {
  path?: string;
  size?: number;
  /** GNU sparse files stored in pax form (GNU.sparse.* keys). */
  sparse?: boolean;
}

/**
 * Parses `"<length> <key>=<value>\n"` records (POSIX.1-2001). Values are UTF-8 by the standard
 * (`hdrcharset=BINARY` writers may store raw bytes, decoded like an undeclared name).
 */
export function parsePax(data: Buffer): PaxRecords {
  const out: PaxRecords = {};
  let pos = 0;
  while (pos < data.length && data[pos] !== 0) {
    const space = data.indexOf(0x20, pos);
    const digits = space > pos ? data.subarray(pos, space).toString('latin1') : '';
    const length = /^\d{1,9}$/.test(digits) ? Number(digits) : 0;
    const end = pos + length;
    if (length <= digits.length + 1 || end > data.length || data[end - 1] !== 0x0a) {
      throw new LibraryError('corrupt', `corrupt archive: malformed pax record at byte ${pos}`);
    }
    const record = data.subarray(space + 1, end - 1);
    const eq = record.indexOf(0x3d);
    if (eq <= 0) throw new LibraryError('corrupt', `corrupt archive: malformed pax record at byte ${pos}`);
    const key = record.subarray(0, eq).toString('utf8');
    const value = decodeName(record.subarray(eq + 1));
    if (key === 'path' || key === 'GNU.sparse.name') {
      out.path = value;
    } else if (key === 'size') {
      if (!/^\d+$/.test(value)) throw new LibraryError('corrupt', `corrupt archive: pax size ${value}`);
      out.size = Number(value) > Number.MAX_SAFE_INTEGER ? Number.POSITIVE_INFINITY : Number(value);
    }
    if (key.startsWith('GNU.sparse.')) out.sparse = true;
    pos = end;
  }
  return out;
}

/** The bytes of a NUL-terminated field (or GNU long name) up to the first NUL. */
export function cString(field: Buffer): Buffer {
  const nul = field.indexOf(0);
  return nul < 0 ? field : field.subarray(0, nul);
}

/** Tar names are bytes in whatever the writer's locale was: UTF-8 or a CJK code page, else Latin-1. */
export function decodeName(raw: Buffer): string {
  return decodeUndeclaredName(raw) ?? raw.toString('latin1');
}
