import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build, defaultClientConditions, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDir, type ProtocolVector } from '../packages/shared/src/testing/shared-dir.js';
import { launchChromium } from './support/chromium.js';
import { REPO_ROOT } from './support/server.js';

const vectors = (
  JSON.parse(readFileSync(join(sharedDir(), 'guide/protocol-vectors.json'), 'utf8')) as {
    vectors: ProtocolVector[];
  }
).vectors;

/** Bundles the shared protocol code for the browser exactly as the web build resolves it. */
async function bundleProtocolForBrowser(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root: REPO_ROOT,
    resolve: { conditions: ['source', ...defaultClientConditions] },
    build: {
      write: false,
      minify: true,
      lib: { entry: join(REPO_ROOT, 'e2e/fixtures/protocol-entry.ts'), formats: ['iife'], name: 'protocol' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunk = outputs[0]?.output.find((item) => item.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('browser bundle was not produced');
  return chunk.code;
}

describe('the protocol in Chromium', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const [code, launched] = await Promise.all([bundleProtocolForBrowser(), launchChromium()]);
    browser = launched;
    page = await browser.newPage();
    await page.setContent('<!doctype html><title>protocol</title>');
    await page.addScriptTag({ content: code });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('bundles into a browser build without node:crypto', async () => {
    expect(
      await page.evaluate(() => typeof (window as never as { protocolCheck: unknown }).protocolCheck),
    ).toBe('object');
  });

  it.each(vectors)('reproduces the known answer for a $key.length-hex-character key', async (vector) => {
    const result = await page.evaluate(
      (v) =>
        (
          window as never as {
            protocolCheck: { checkVector(v: ProtocolVector): { sealed: string; opened: string } };
          }
        ).protocolCheck.checkVector(v),
      vector,
    );
    expect(result.sealed).toBe(vector.wire);
    expect(result.opened).toBe(vector.plaintext);
  });

  it('refuses malformed wire strings with typed errors', async () => {
    const failures = await page.evaluate(
      ([key, wires]) =>
        (
          window as never as { protocolCheck: { checkMalformed(k: string, w: readonly string[]): string[] } }
        ).protocolCheck.checkMalformed(key, wires),
      [vectors[0]!.key, ['zz'.repeat(32), 'ab'.repeat(16), 'ab'.repeat(40), vectors[2]!.wire]] as const,
    );
    // The last wire was sealed under another key: it opens to garbage, never to an object.
    expect(failures.slice(0, 3)).toEqual(['not_hex', 'bad_length', 'bad_length']);
    expect(['bad_padding', 'not_json']).toContain(failures[3]);
  });

  it('decodes xfile images by XOR', async () => {
    const result = await page.evaluate(() =>
      (
        window as never as {
          protocolCheck: { xorRoundTrip(b: number[], k: number): { encoded: number[]; decoded: number[] } };
        }
      ).protocolCheck.xorRoundTrip([0xff, 0xd8, 0xff], 0x5a),
    );
    expect(result).toEqual({ encoded: [0xa5, 0x82, 0xa5], decoded: [0xff, 0xd8, 0xff] });
  });
});
