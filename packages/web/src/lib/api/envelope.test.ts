/**
 * The web envelope (issue 16, eleventh pass): requests sealed before the JavaScript cipher's chunk
 * is in go through WebCrypto and open with the protocol's cipher; the first such seal asks for that
 * chunk; without WebCrypto, or with a 192-bit key, sealing waits for it.
 */
import { createEnvelope } from '@dm51/shared';
import { nodeCfbCipher } from '@dm51/shared/node';
import { afterEach, describe, expect, it, vi } from 'vitest';

const KEY_128 = '000102030405060708090a0b0c0d0e0f';

async function freshEnvelopeModule(envelopeKey: string) {
  vi.resetModules();
  vi.stubGlobal('__DM51_CONFIG__', { envelopeKey, apiKey: 'k', imageXorKey: 1, apiHosts: [], version: 't' });
  return import('./envelope');
}

afterEach(() => vi.unstubAllGlobals());

describe('sealing a request', () => {
  it('goes through WebCrypto before the JavaScript cipher is in, and asks for that cipher', async () => {
    const subtleEncrypt = vi.spyOn(globalThis.crypto.subtle, 'encrypt');
    const envelope = await freshEnvelopeModule(KEY_128);
    expect(envelope.loadedEnvelope()).toBeNull();
    const sealed = await envelope.sealBody({ deviceid: 'd-1' });
    expect(subtleEncrypt).toHaveBeenCalledTimes(1);
    subtleEncrypt.mockRestore();
    expect(createEnvelope(KEY_128, nodeCfbCipher).openObject(sealed)).toEqual({ deviceid: 'd-1' });
    await vi.waitFor(() => expect(envelope.loadedEnvelope()).not.toBeNull());
    expect(await envelope.openSealed(createEnvelope(KEY_128, nodeCfbCipher).seal({ ok: 1 }))).toEqual({
      ok: 1,
    });
  });

  it('waits for the JavaScript cipher where the page has no WebCrypto', async () => {
    const { getRandomValues } = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) });
    const envelope = await freshEnvelopeModule(KEY_128);
    const sealed = await envelope.sealBody({ n: 2 });
    expect(envelope.loadedEnvelope()).not.toBeNull();
    expect(createEnvelope(KEY_128, nodeCfbCipher).openObject(sealed)).toEqual({ n: 2 });
  });

  it('waits for the JavaScript cipher with a 192-bit key (no AES-192 in Chromium)', async () => {
    const key192 = 'ab'.repeat(24);
    const subtleEncrypt = vi.spyOn(globalThis.crypto.subtle, 'encrypt');
    const envelope = await freshEnvelopeModule(key192);
    const sealed = await envelope.sealBody({ n: 3 });
    expect(subtleEncrypt).not.toHaveBeenCalled();
    subtleEncrypt.mockRestore();
    expect(createEnvelope(key192, nodeCfbCipher).openObject(sealed)).toEqual({ n: 3 });
  });

  it('falls back to the JavaScript cipher when WebCrypto refuses', async () => {
    const subtleEncrypt = vi
      .spyOn(globalThis.crypto.subtle, 'encrypt')
      .mockRejectedValue(new DOMException('not supported', 'NotSupportedError'));
    const envelope = await freshEnvelopeModule(KEY_128);
    const first = await envelope.sealBody({ n: 4 });
    subtleEncrypt.mockRestore();
    expect(createEnvelope(KEY_128, nodeCfbCipher).openObject(first)).toEqual({ n: 4 });
  });
});
