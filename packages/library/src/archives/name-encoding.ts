import chardet from 'chardet';
import iconv from 'iconv-lite';

const LEGACY_CJK = ['GB18030', 'Big5', 'Shift_JIS', 'EUC-KR', 'EUC-JP'];

/**
 * Entry names whose encoding the archive does not declare (ZIP without the UTF-8 flag, tar
 * headers): valid UTF-8 first, then a CJK legacy code page (GBK, Big5, Shift_JIS...) the detector
 * names, else null so the caller applies its format's own fallback (CP437 for ZIP, Latin-1 for tar).
 */
export function decodeUndeclaredName(raw: Buffer): string | null {
  if (raw.every((b) => b < 0x80) || isValidUtf8(raw)) return raw.toString('utf8');
  const guess = chardet.detect(raw);
  if (guess && LEGACY_CJK.includes(guess) && iconv.encodingExists(guess)) return iconv.decode(raw, guess);
  return null;
}

export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
