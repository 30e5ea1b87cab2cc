const HEX_PATTERN = /^[0-9a-fA-F]*$/;

export function isHex(text: string): boolean {
  return text.length % 2 === 0 && HEX_PATTERN.test(text);
}

export function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** Decodes hex; callers check `isHex` first, so bad input here is a programming error. */
export function hexToBytes(hex: string): Uint8Array {
  if (!isHex(hex)) throw new TypeError('hexToBytes: not an even-length hex string');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
