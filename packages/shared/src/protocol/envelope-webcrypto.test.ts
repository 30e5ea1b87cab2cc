import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nodeCfbCipher } from '../node.js';
import { sharedDir, type ProtocolVector } from '../testing/shared-dir.js';
import { createEnvelope } from './envelope.js';
import { createWebCryptoSealer, encryptCfbWithCbc } from './envelope-webcrypto.js';
import { bytesToHex, hexToBytes } from './hex.js';

const vectors = (
  JSON.parse(readFileSync(resolve(sharedDir(), 'guide/protocol-vectors.json'), 'utf8')) as {
    vectors: ProtocolVector[];
  }
).vectors;
const { subtle } = globalThis.crypto;

describe('sealing through WebCrypto (AES-CFB128 as AES-CBC of the shifted plaintext)', () => {
  const servable = vectors.filter((vector) => vector.key.length !== 48);

  it('has 128- and 256-bit vectors to check', () => {
    expect(new Set(servable.map((vector) => vector.key.length))).toEqual(new Set([32, 64]));
  });

  it.each(servable)('gives the known answer for key length $key.length', async (vector) => {
    const sealer = createWebCryptoSealer(vector.key, subtle)!;
    expect(await sealer.sealText(vector.plaintext, hexToBytes(vector.iv))).toBe(vector.wire);
  });

  it('seals what node:crypto seals, for any text, key and IV, and the envelope opens it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .uint8Array({ minLength: 16, maxLength: 16 })
          .chain((k16) => fc.oneof(fc.constant(k16), fc.uint8Array({ minLength: 32, maxLength: 32 }))),
        fc.uint8Array({ minLength: 16, maxLength: 16 }),
        fc.string({ unit: 'grapheme', maxLength: 300 }),
        async (key, iv, text) => {
          const json = JSON.stringify({ text });
          const keyHex = bytesToHex(key);
          const wire = await createWebCryptoSealer(keyHex, subtle)!.sealText(json, iv);
          const reference = createEnvelope(keyHex, nodeCfbCipher);
          expect(wire).toBe(reference.sealText(json, iv));
          expect(reference.openText(wire)).toBe(json);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('uses a fresh IV for every seal', async () => {
    const sealer = createWebCryptoSealer('00112233445566778899aabbccddeeff', subtle)!;
    const envelope = createEnvelope('00112233445566778899aabbccddeeff', nodeCfbCipher);
    const [first, second] = await Promise.all([sealer.seal({ n: 1 }), sealer.seal({ n: 1 })]);
    expect(first).not.toBe(second);
    expect(envelope.openObject(first)).toEqual({ n: 1 });
    expect(envelope.openObject(second)).toEqual({ n: 1 });
  });

  it('is not offered without WebCrypto or for a 192-bit key (Chromium has no AES-192)', () => {
    expect(createWebCryptoSealer('00112233445566778899aabbccddeeff', undefined)).toBeNull();
    expect(createWebCryptoSealer('00'.repeat(24), subtle)).toBeNull();
    expect(() => createWebCryptoSealer('abc', subtle)).toThrowError(TypeError);
  });

  it('takes whole blocks only', async () => {
    const key = await subtle.importKey('raw', new Uint8Array(16), { name: 'AES-CBC' }, false, ['encrypt']);
    await expect(encryptCfbWithCbc(subtle, key, new Uint8Array(16), new Uint8Array(15))).rejects.toThrow(
      TypeError,
    );
    await expect(encryptCfbWithCbc(subtle, key, new Uint8Array(16), new Uint8Array(0))).rejects.toThrow(
      TypeError,
    );
  });
});
