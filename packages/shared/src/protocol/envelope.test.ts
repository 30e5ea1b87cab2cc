import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeCfbCipher } from '../node.js';
import { sharedDir, type ProtocolVector } from '../testing/shared-dir.js';
import { nobleCfbCipher } from './cfb-noble.js';
import { createEnvelope, parseEnvelopeKey } from './envelope.js';
import { EnvelopeError } from './envelope-error.js';
import { hexToBytes } from './hex.js';

const vectors = (
  JSON.parse(readFileSync(resolve(sharedDir(), 'guide/protocol-vectors.json'), 'utf8')) as {
    vectors: ProtocolVector[];
  }
).vectors;

const ciphers = { node: nodeCfbCipher, noble: nobleCfbCipher };
const KEY = '00112233445566778899aabbccddeeff';

describe.each(Object.entries(ciphers))('envelope with the %s cipher', (_name, cipher) => {
  it('has vectors to check', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(4);
  });

  it.each(vectors)('seals and opens the known answer for key length $key.length', (vector) => {
    const envelope = createEnvelope(vector.key, cipher);
    expect(envelope.sealText(vector.plaintext, hexToBytes(vector.iv))).toBe(vector.wire);
    expect(envelope.openText(vector.wire)).toBe(vector.plaintext);
    expect(envelope.openText(vector.wire.toUpperCase())).toBe(vector.plaintext);
  });

  it('round-trips objects with a random IV that differs per seal', () => {
    const envelope = createEnvelope(KEY, cipher);
    const value = { content: '好看！👍', n: 42, list: [1, 2, 3] };
    const first = envelope.seal(value);
    const second = envelope.seal(value);
    expect(first).not.toBe(second);
    expect(envelope.openObject(first)).toEqual(value);
    expect(envelope.openObject(second)).toEqual(value);
  });

  const malformed: [string, string, EnvelopeError['failure']][] = [
    ['not hex', 'zz'.repeat(32), 'not_hex'],
    ['hex with one bad pair inside', `${'ab'.repeat(20)}g0${'ab'.repeat(11)}`, 'not_hex'],
    ['hex with a space inside', `${'ab'.repeat(31)}a 0`, 'not_hex'],
    ['odd-length hex', 'a'.repeat(65), 'not_hex'],
    ['too short', 'ab'.repeat(16), 'bad_length'],
    ['not a multiple of 32', 'ab'.repeat(40), 'bad_length'],
    ['empty', '', 'bad_length'],
  ];
  it.each(malformed)('refuses %s with a typed error', (_label, wire, failure) => {
    const envelope = createEnvelope(KEY, cipher);
    expect(() => envelope.open(wire)).toThrowError(EnvelopeError);
    try {
      envelope.open(wire);
    } catch (error) {
      expect((error as EnvelopeError).failure).toBe(failure);
    }
  });

  it('refuses data sealed under another key as bad padding or not JSON, never a crash', () => {
    const other = createEnvelope('ffeeddccbbaa99887766554433221100', cipher);
    const wire = other.seal({ hello: 'world' });
    const envelope = createEnvelope(KEY, cipher);
    expect(() => envelope.open(wire)).toThrowError(EnvelopeError);
  });

  it('refuses sealed text that is not JSON, and JSON that is not an object', () => {
    const envelope = createEnvelope(KEY, cipher);
    expect(() => envelope.open(envelope.sealText('not json'))).toThrowError(
      expect.objectContaining({ failure: 'not_json' }),
    );
    for (const value of [[1, 2], 'text', 42, null]) {
      expect(() => envelope.openObject(envelope.seal(value))).toThrowError(
        expect.objectContaining({ failure: 'not_object' }),
      );
    }
  });
});

describe('the two ciphers', () => {
  it('agree with each other on random data for every key size', () => {
    for (const size of [16, 24, 32]) {
      const key = crypto.getRandomValues(new Uint8Array(size));
      const iv = crypto.getRandomValues(new Uint8Array(16));
      const data = crypto.getRandomValues(new Uint8Array(16 * 37));
      const fromNode = nodeCfbCipher.encrypt(key, iv, data);
      expect(nobleCfbCipher.encrypt(key, iv, data)).toEqual(fromNode);
      expect(nobleCfbCipher.decrypt(key, iv, fromNode)).toEqual(data);
    }
  });

  it('decrypt alike, whole blocks or not, however many messages and keys come one after another', () => {
    // The node side keeps one block encryptor per key across calls: no message may leak into the next.
    const keys = [16, 24, 32, 16].map((size) => crypto.getRandomValues(new Uint8Array(size)));
    for (let round = 0; round < 40; round++) {
      const key = keys[round % keys.length]!;
      const iv = crypto.getRandomValues(new Uint8Array(16));
      const data = crypto.getRandomValues(new Uint8Array(1 + ((round * 37) % 300)));
      const sealed = nobleCfbCipher.encrypt(key, iv, data);
      expect(nodeCfbCipher.decrypt(key, iv, sealed)).toEqual(data);
      expect(nobleCfbCipher.decrypt(key, iv, sealed)).toEqual(data);
    }
  });
});

describe('the native hex decoder', () => {
  it('decodes either case and refuses anything that is not even-length hex', () => {
    expect(nodeCfbCipher.fromHex!('00ffA0')).toEqual(new Uint8Array([0, 255, 160]));
    expect(nodeCfbCipher.fromHex!('')).toEqual(new Uint8Array(0));
    for (const bad of ['0', 'abc', 'zz', '0g', 'ab cd', 'abcd\n', '１２'])
      expect(nodeCfbCipher.fromHex!(bad)).toBeNull();
  });
});

describe('parseEnvelopeKey', () => {
  it.each(['', 'abc', 'zz'.repeat(16), 'ab'.repeat(20)])('rejects %j', (key) => {
    expect(() => parseEnvelopeKey(key)).toThrowError(TypeError);
  });
});
