import { RUNTIME_CONFIG_ELEMENT_ID, RUNTIME_CONFIG_GLOBAL } from '@dm51/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseRuntimeConfig, readRuntimeConfig } from './runtime-config';

const CONFIG = {
  envelopeKey: '603deb1015ca71be2b73aef0857d7781',
  apiKey: 'key',
  imageXorKey: 90,
  apiHosts: [],
  version: '1.4.1',
};

/** A page whose only element is the config block the server writes into index.html. */
function pageWith(text: string | null): Pick<Document, 'getElementById'> {
  return {
    getElementById: (id: string) =>
      id === RUNTIME_CONFIG_ELEMENT_ID && text !== null ? ({ textContent: text } as HTMLElement) : null,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readRuntimeConfig', () => {
  it('reads the config the server wrote into the page', () => {
    const read = readRuntimeConfig(pageWith(JSON.stringify(CONFIG)));
    expect(parseRuntimeConfig(read)).toEqual({ ok: true, config: CONFIG });
  });

  it('reads an escaped "<" back as itself', () => {
    const hosts = ['https://a.example/</script>'];
    const text = JSON.stringify({ ...CONFIG, apiHosts: hosts }).replace(/</g, '\\u003c');
    expect(text).not.toContain('<');
    expect(readRuntimeConfig(pageWith(text))).toMatchObject({ apiHosts: hosts });
  });

  it('falls back to what /app-config.js set (a page from the service worker, an older server)', () => {
    vi.stubGlobal(RUNTIME_CONFIG_GLOBAL, CONFIG);
    expect(readRuntimeConfig(pageWith(null))).toEqual(CONFIG);
    expect(readRuntimeConfig(undefined)).toEqual(CONFIG);
  });

  it('reports a garbled block as invalid rather than missing', () => {
    expect(parseRuntimeConfig(readRuntimeConfig(pageWith('{not json')))).toEqual({
      ok: false,
      problem: 'invalid',
    });
  });
});
