import chardet from 'chardet';
import iconv from 'iconv-lite';
import yauzl from 'yauzl';

const UTF8_FLAG = 0x800;

/**
 * ZIP names carry no reliable encoding: the UTF-8 flag is often missing even when the bytes are
 * UTF-8, and Chinese and Japanese zippers write GBK, Big5 or Shift_JIS. We trust the flag and the
 * Info-ZIP unicode extra field first (yauzl handles both), then valid UTF-8, then a detector for
 * CJK legacy code pages, and only then fall back to the spec's CP437.
 */
export function decodeZipName(entry: yauzl.Entry): string {
  const raw = entry.fileNameRaw;
  const hasUnicodeExtra = entry.extraFields.some((f) => f.id === 0x7075);
  if ((entry.generalPurposeBitFlag & UTF8_FLAG) !== 0 || hasUnicodeExtra) {
    return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, false);
  }
  if (raw.every((b) => b < 0x80) || isValidUtf8(raw)) return raw.toString('utf8');
  const guess = chardet.detect(raw);
  if (
    guess &&
    ['GB18030', 'Big5', 'Shift_JIS', 'EUC-KR', 'EUC-JP'].includes(guess) &&
    iconv.encodingExists(guess)
  ) {
    return iconv.decode(raw, guess);
  }
  return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, false);
}

export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
