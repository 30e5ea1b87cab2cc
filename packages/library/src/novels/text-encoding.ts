import chardet from 'chardet';
import iconv from 'iconv-lite';
import { LibraryError } from '../errors.js';
import { isValidUtf8 } from '../archives/name-encoding.js';

export interface DecodedText {
  encoding: string;
  text: string;
}

// Characters frequent in both simplified and traditional Chinese prose. A wrong GB18030/Big5
// guess decodes into rare characters, so counting these tells the two apart where byte
// statistics alone (chardet) are unsure on short texts.
const COMMON = new Set([
  ...'的一是不了在人有我他个們们中来來上大为為和到以说說时時要就出会會可也你对對生能而子那得于著着下自之年过過发發后後作里裡道她说看天',
]);
const CJK_CANDIDATES = ['GB18030', 'Big5', 'Shift_JIS', 'EUC-JP', 'EUC-KR'];

/**
 * Decodes a text file: BOMs first (UTF-8, UTF-16LE/BE), then strict UTF-8, then BOM-less UTF-16
 * (NUL bytes in every other position), then the legacy CJK code pages. chardet proposes the
 * candidates; each is decoded and scored by replacement characters and common-character hits.
 */
export function decodeText(bytes: Buffer): DecodedText {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { encoding: 'UTF-8', text: bytes.subarray(3).toString('utf8') };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { encoding: 'UTF-16LE', text: iconv.decode(bytes.subarray(2), 'utf16le') };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { encoding: 'UTF-16BE', text: iconv.decode(bytes.subarray(2), 'utf16be') };
  if (isValidUtf8(bytes) && !bytes.includes(0)) return { encoding: 'UTF-8', text: bytes.toString('utf8') };
  const utf16 = bomlessUtf16(bytes);
  if (utf16) return { encoding: utf16, text: iconv.decode(bytes, utf16) };
  if (zeroRatio(bytes) > 0.01)
    throw new LibraryError('encoding', 'unreadable encoding: binary data, not text');

  const proposed = chardet.analyse(bytes).map((m) => m.name);
  const candidates = [...new Set([...proposed.filter((n) => CJK_CANDIDATES.includes(n)), 'GB18030', 'Big5'])];
  let best: (DecodedText & { score: number }) | null = null;
  for (const encoding of candidates) {
    const text = iconv.decode(bytes, encoding);
    const score = scoreDecoding(text);
    if (!best || score > best.score) best = { encoding, text, score };
  }
  if (!best || best.score < 0)
    throw new LibraryError('encoding', 'unreadable encoding: not UTF-8, UTF-16, GB18030 or Big5');
  return { encoding: best.encoding, text: best.text };
}

function scoreDecoding(text: string): number {
  let replacement = 0;
  let common = 0;
  let cjk = 0;
  for (const ch of text) {
    if (ch === '\ufffd' || (ch >= '\ue000' && ch <= '\uf8ff')) replacement++;
    else if (COMMON.has(ch)) common++;
    if (ch >= '\u4e00' && ch <= '\u9fff') cjk++;
  }
  const length = Math.max(1, text.length);
  if (replacement / length > 0.02) return -1;
  return common * 10 + cjk * 0.1 - replacement * 20;
}

function zeroRatio(bytes: Buffer): number {
  let zeros = 0;
  for (const b of bytes) if (b === 0) zeros++;
  return zeros / Math.max(1, bytes.length);
}

function bomlessUtf16(bytes: Buffer): 'utf16le' | 'utf16be' | null {
  const sample = bytes.subarray(0, 4096);
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i + 1 < sample.length; i += 2) {
    if (sample[i] === 0) evenZeros++;
    if (sample[i + 1] === 0) oddZeros++;
  }
  const pairs = Math.max(1, Math.floor(sample.length / 2));
  // Mostly-ASCII UTF-16 has a zero in every pair; CJK-heavy UTF-16 rarely does, and is caught by BOMs.
  if (oddZeros / pairs > 0.4 && evenZeros / pairs < 0.05) return 'utf16le';
  if (evenZeros / pairs > 0.4 && oddZeros / pairs < 0.05) return 'utf16be';
  return null;
}
