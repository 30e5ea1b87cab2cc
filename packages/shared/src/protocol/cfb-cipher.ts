/**
 * AES in CFB mode with 128-bit segments, without padding (the envelope pads).
 * Two implementations exist: node:crypto on the server (fast, native) and @noble/ciphers in the
 * browser (WebCrypto has no CFB). Both are checked against the same known-answer vectors.
 */
export interface CfbCipher {
  encrypt(key: Uint8Array, iv: Uint8Array, data: Uint8Array): Uint8Array;
  decrypt(key: Uint8Array, iv: Uint8Array, data: Uint8Array): Uint8Array;
}
