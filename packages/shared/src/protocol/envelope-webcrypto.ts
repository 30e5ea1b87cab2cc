/**
 * Sealing with the platform's AES (issue 16, eleventh pass). The browser's AES-CFB is
 * @noble/ciphers, which builds 64 K-entry lookup tables when its module is evaluated: on a phone
 * that is tens of milliseconds before a launch's first call can be sealed. WebCrypto has no CFB,
 * but CFB-128 encryption is AES-CBC encryption of the plaintext shifted by one block:
 *
 *   CFB: C_i = P_i ⊕ E(C_{i-1}), C_0 = IV.  CBC of Q under the same IV: X_i = E(Q_i ⊕ X_{i-1}), X_0 = IV.
 *   With Q = [0, P_1, …, P_{n-1}]: X_1 = E(IV), and if X_{i-1} = E(C_{i-2}) then
 *   X_i = E(P_{i-1} ⊕ E(C_{i-2})) = E(C_{i-1}). So X is CFB's keystream and C = P ⊕ X.
 *
 * One native call seals a request; the known-answer vectors and a property test against
 * node:crypto's aes-*-cfb check it (envelope-webcrypto.test.ts). Opening needs AES on arbitrary
 * blocks (E(C_{i-1}) of a received ciphertext), which CBC cannot give in one call, so answers are
 * still opened by the JavaScript cipher — loaded while the launch's first calls are on the network.
 */
import { parseEnvelopeKey, randomIv, spliceIv } from './envelope.js';
import { bytesToHex } from './hex.js';
import { AES_BLOCK_BYTES, pkcs7Pad } from './pkcs7.js';

/** WebCrypto's types as both the DOM and Node declare them (the server compiles this file without the DOM). */
type Subtle = typeof globalThis.crypto.subtle;
type AesKey = Awaited<ReturnType<Subtle['importKey']>>;

export interface AsyncSealer {
  /** Seals any JSON value, like Envelope.seal. */
  seal(value: unknown): Promise<string>;
  /** Seals text that is already JSON; `iv` is for known-answer tests. */
  sealText(json: string, iv?: Uint8Array): Promise<string>;
}

/** AES-CFB128 encryption of whole blocks (the envelope pads first) through WebCrypto's AES-CBC. */
export async function encryptCfbWithCbc(
  subtle: Subtle,
  key: AesKey,
  iv: Uint8Array,
  padded: Uint8Array,
): Promise<Uint8Array> {
  if (padded.length === 0 || padded.length % AES_BLOCK_BYTES !== 0)
    throw new TypeError('CFB through CBC takes whole 16-byte blocks');
  const shifted = new Uint8Array(padded.length);
  shifted.set(padded.subarray(0, padded.length - AES_BLOCK_BYTES), AES_BLOCK_BYTES);
  // CBC adds a block of PKCS#7 padding at the end; the keystream is the first padded.length bytes.
  // (A copy of the IV: WebCrypto takes views of a plain ArrayBuffer only.)
  const cbcParams = { name: 'AES-CBC', iv: new Uint8Array(iv) };
  const keystream = new Uint8Array(await subtle.encrypt(cbcParams, key, shifted));
  const ciphertext = new Uint8Array(padded.length);
  for (let i = 0; i < padded.length; i += 1) ciphertext[i] = padded[i]! ^ keystream[i]!;
  return ciphertext;
}

/**
 * A sealer on `subtle`, or null where it cannot serve: no WebCrypto (a page served over plain HTTP
 * from a host that is not localhost is not a secure context) or a 192-bit key (Chromium's WebCrypto
 * has no AES-192). Callers fall back to the JavaScript envelope then, and when a seal rejects.
 */
export function createWebCryptoSealer(keyHex: string, subtle: Subtle | undefined): AsyncSealer | null {
  const key = parseEnvelopeKey(keyHex);
  if (!subtle || key.length === 24) return null;
  const encoder = new TextEncoder();
  let cryptoKey: Promise<AesKey> | null = null;

  async function sealText(json: string, iv: Uint8Array = randomIv()): Promise<string> {
    if (iv.length !== AES_BLOCK_BYTES) throw new TypeError('IV must be 16 bytes');
    cryptoKey ??= subtle!.importKey('raw', new Uint8Array(key), { name: 'AES-CBC' }, false, ['encrypt']);
    const ciphertext = await encryptCfbWithCbc(subtle!, await cryptoKey, iv, pkcs7Pad(encoder.encode(json)));
    return spliceIv(bytesToHex(ciphertext), bytesToHex(iv));
  }

  return { sealText, seal: (value) => sealText(JSON.stringify(value)) };
}
