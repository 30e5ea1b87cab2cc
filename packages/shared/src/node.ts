/** Node-only entry: the native AES-CFB implementation. Kept apart so browser bundles never import node:crypto. */
import { createCipheriv, createDecipheriv } from 'node:crypto';
import type { CfbCipher } from './protocol/cfb-cipher.js';

function algorithmFor(key: Uint8Array): string {
  return `aes-${key.length * 8}-cfb`;
}

/** A plain Uint8Array over the Buffer's bytes: what the interface promises, without a copy. */
function view(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

export const nodeCfbCipher: CfbCipher = {
  encrypt(key, iv, data) {
    const cipher = createCipheriv(algorithmFor(key), key, iv).setAutoPadding(false);
    return view(Buffer.concat([cipher.update(data), cipher.final()]));
  },
  decrypt(key, iv, data) {
    const decipher = createDecipheriv(algorithmFor(key), key, iv).setAutoPadding(false);
    return view(Buffer.concat([decipher.update(data), decipher.final()]));
  },
  toHex(bytes) {
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
  },
};
