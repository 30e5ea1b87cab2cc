import type { CfbCipher } from './cfb-cipher.js';
import { EnvelopeError } from './envelope-error.js';
import { bytesToHex, hexToBytes, isHex } from './hex.js';
import { AES_BLOCK_BYTES, pkcs7Pad, pkcs7Unpad } from './pkcs7.js';

/** Hex characters of ciphertext that precede the spliced-in IV on the wire. */
const IV_OFFSET_HEX = 16;
const IV_HEX_LENGTH = AES_BLOCK_BYTES * 2;
/** The IV plus at least one block of ciphertext. */
const MIN_WIRE_LENGTH = IV_HEX_LENGTH * 2;
const VALID_KEY_BYTES = new Set([16, 24, 32]);

export type JsonObject = Record<string, unknown>;

export interface Envelope {
  /** Seals any JSON value. `iv` is for known-answer tests; production calls leave it random. */
  seal(value: unknown, iv?: Uint8Array): string;
  /** Seals text that is already JSON, byte for byte (the vectors fix the exact plaintext). */
  sealText(json: string, iv?: Uint8Array): string;
  /** Opens a wire string to the JSON text inside it. */
  openText(wire: string): string;
  /** Opens a wire string whose payload must be a JSON object (every request body is). */
  openObject(wire: string): JsonObject;
  /** Opens a wire string to any JSON value. */
  open(wire: string): unknown;
}

export function parseEnvelopeKey(keyHex: string): Uint8Array {
  if (!isHex(keyHex) || !VALID_KEY_BYTES.has(keyHex.length / 2)) {
    throw new TypeError('envelope key must be 32, 48 or 64 hex characters (AES-128/192/256)');
  }
  return hexToBytes(keyHex);
}

function randomIv(): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(AES_BLOCK_BYTES));
}

export function createEnvelope(keyHex: string, cipher: CfbCipher): Envelope {
  const key = parseEnvelopeKey(keyHex);
  const encoder = new TextEncoder();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const toHex = cipher.toHex ?? bytesToHex;
  const fromHex = cipher.fromHex ?? ((hex: string) => (isHex(hex) ? hexToBytes(hex) : null));

  function sealText(json: string, iv: Uint8Array = randomIv()): string {
    if (iv.length !== AES_BLOCK_BYTES) throw new TypeError('IV must be 16 bytes');
    const ciphertext = toHex(cipher.encrypt(key, iv, pkcs7Pad(encoder.encode(json))));
    return ciphertext.slice(0, IV_OFFSET_HEX) + toHex(iv) + ciphertext.slice(IV_OFFSET_HEX);
  }

  function openText(wire: string): string {
    const bytes = typeof wire === 'string' ? fromHex(wire) : null;
    if (!bytes) throw new EnvelopeError('not_hex', 'sealed data is not a hex string');
    if (wire.length < MIN_WIRE_LENGTH || wire.length % IV_HEX_LENGTH !== 0) {
      throw new EnvelopeError('bad_length', 'sealed data has an impossible length');
    }
    // On the wire the IV sits inside the ciphertext, after its first IV_OFFSET_HEX hex characters.
    const ivStart = IV_OFFSET_HEX / 2;
    const ivEnd = ivStart + AES_BLOCK_BYTES;
    const iv = bytes.subarray(ivStart, ivEnd);
    const ciphertext = new Uint8Array(bytes.length - AES_BLOCK_BYTES);
    ciphertext.set(bytes.subarray(0, ivStart));
    ciphertext.set(bytes.subarray(ivEnd), ivStart);
    const plain = pkcs7Unpad(cipher.decrypt(key, iv, ciphertext));
    if (!plain) throw new EnvelopeError('bad_padding', 'sealed data has bad padding (wrong key?)');
    try {
      return decoder.decode(plain);
    } catch {
      throw new EnvelopeError('not_json', 'sealed data is not UTF-8 text');
    }
  }

  function open(wire: string): unknown {
    const text = openText(wire);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new EnvelopeError('not_json', 'sealed data is not JSON');
    }
  }

  function openObject(wire: string): JsonObject {
    const value = open(wire);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new EnvelopeError('not_object', 'sealed data is not a JSON object');
    }
    return value as JsonObject;
  }

  return {
    seal: (value, iv) => sealText(JSON.stringify(value), iv),
    sealText,
    openText,
    open,
    openObject,
  };
}
