import yauzl from 'yauzl';
import { decodeUndeclaredName } from './name-encoding.js';

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
  return (
    decodeUndeclaredName(raw) ??
    yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, false)
  );
}
