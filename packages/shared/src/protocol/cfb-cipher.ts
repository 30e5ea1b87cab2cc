/**
 * AES in CFB mode with 128-bit segments, without padding (the envelope pads).
 * Two implementations exist: node:crypto on the server (fast, native) and @noble/ciphers in the
 * browser (WebCrypto has no CFB). Both are checked against the same known-answer vectors.
 */
export interface CfbCipher {
  encrypt(key: Uint8Array, iv: Uint8Array, data: Uint8Array): Uint8Array;
  decrypt(key: Uint8Array, iv: Uint8Array, data: Uint8Array): Uint8Array;
  /**
   * Lowercase hex of bytes, when the platform has a native one (Node's Buffer): every answer is
   * sealed as hex, and the portable loop in hex.ts costs more than the AES itself on large answers.
   */
  toHex?(bytes: Uint8Array): string;
  /**
   * Hex (either case) to bytes, when the platform has a native decoder; null when the text is not
   * an even-length hex string. Every request arrives as hex, and on the server the portable
   * check-and-decode loop in hex.ts was a larger share of a small call than its AES.
   */
  fromHex?(hex: string): Uint8Array | null;
}
