/** Node-only entry: the native AES-CFB implementation. Kept apart so browser bundles never import node:crypto. */
import { createCipheriv, createDecipheriv, type Cipher } from 'node:crypto';
import type { CfbCipher } from './protocol/cfb-cipher.js';

const BLOCK_BYTES = 16;

function algorithmFor(key: Uint8Array, mode: 'cfb' | 'ecb'): string {
  return `aes-${key.length * 8}-${mode}`;
}

/** A plain Uint8Array over the Buffer's bytes: what the interface promises, without a copy. */
function view(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/**
 * One AES block encryptor per key, kept for the life of the process. ECB with padding off carries
 * no state from one `update` to the next when every input is whole blocks, so a single object
 * serves every request; creating a cipher per request cost more than decrypting a small body.
 */
const blockEncryptors = new Map<string, Cipher>();

function blockEncryptorFor(key: Uint8Array): Cipher {
  const id = Buffer.from(key.buffer, key.byteOffset, key.byteLength).toString('hex');
  let encryptor = blockEncryptors.get(id);
  if (!encryptor) {
    encryptor = createCipheriv(algorithmFor(key, 'ecb'), key, null).setAutoPadding(false);
    blockEncryptors.set(id, encryptor);
  }
  return encryptor;
}

/**
 * CFB-128 decryption of whole blocks in one native call: plaintext block i is ciphertext block i
 * XOR E(ciphertext block i-1), with the IV before the first, and every one of those inputs is
 * known up front, so the key stream is a single ECB pass over IV ‖ ciphertext minus its last block.
 */
function decryptWholeBlocks(key: Uint8Array, iv: Uint8Array, data: Uint8Array): Uint8Array {
  const feedback = Buffer.allocUnsafe(data.length);
  feedback.set(iv, 0);
  feedback.set(data.subarray(0, data.length - BLOCK_BYTES), BLOCK_BYTES);
  const stream = blockEncryptorFor(key).update(feedback);
  for (let i = 0; i < data.length; i++) stream[i] = stream[i]! ^ data[i]!;
  return view(stream);
}

export const nodeCfbCipher: CfbCipher = {
  encrypt(key, iv, data) {
    const cipher = createCipheriv(algorithmFor(key, 'cfb'), key, iv).setAutoPadding(false);
    return view(Buffer.concat([cipher.update(data), cipher.final()]));
  },
  decrypt(key, iv, data) {
    if (data.length > 0 && data.length % BLOCK_BYTES === 0) return decryptWholeBlocks(key, iv, data);
    const decipher = createDecipheriv(algorithmFor(key, 'cfb'), key, iv).setAutoPadding(false);
    return view(Buffer.concat([decipher.update(data), decipher.final()]));
  },
  toHex(bytes) {
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
  },
  fromHex(hex) {
    // Node's decoder stops at the first pair that is not hex, so a short result means bad input.
    const bytes = Buffer.from(hex, 'hex');
    return bytes.length * 2 === hex.length ? view(bytes) : null;
  },
};
