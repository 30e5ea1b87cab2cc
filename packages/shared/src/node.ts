/** Node-only entry: the native AES-CFB implementation. Kept apart so browser bundles never import node:crypto. */
import { createCipheriv, createDecipheriv } from 'node:crypto';
import type { CfbCipher } from './protocol/cfb-cipher.js';

function algorithmFor(key: Uint8Array): string {
  return `aes-${key.length * 8}-cfb`;
}

export const nodeCfbCipher: CfbCipher = {
  encrypt(key, iv, data) {
    const cipher = createCipheriv(algorithmFor(key), key, iv).setAutoPadding(false);
    return new Uint8Array(Buffer.concat([cipher.update(data), cipher.final()]));
  },
  decrypt(key, iv, data) {
    const decipher = createDecipheriv(algorithmFor(key), key, iv).setAutoPadding(false);
    return new Uint8Array(Buffer.concat([decipher.update(data), decipher.final()]));
  },
};
