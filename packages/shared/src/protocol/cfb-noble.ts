import { cfb } from '@noble/ciphers/aes.js';
import type { CfbCipher } from './cfb-cipher.js';

/** Pure-JS AES-CFB128 for browsers; also usable in Node. */
export const nobleCfbCipher: CfbCipher = {
  encrypt: (key, iv, data) => cfb(key, iv).encrypt(data),
  decrypt: (key, iv, data) => cfb(key, iv).decrypt(data),
};
