import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { LibraryError } from '../errors.js';

/** A fresh temp folder per test file, removed by the returned cleanup. */
export function tempDir(prefix = 'dm51-lib-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A small real PNG, so page bytes decode. */
export function tinyPng(width = 4, height = 6): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 20, b: 20 } } })
    .png()
    .toBuffer();
}

/** The LibraryError a promise is refused with; fails the test when it resolves or throws anything else. */
export async function refusal(promise: Promise<unknown>): Promise<LibraryError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof LibraryError) return e;
    throw e;
  }
  throw new Error('expected a LibraryError');
}
