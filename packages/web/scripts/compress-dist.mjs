#!/usr/bin/env node
/**
 * Post-build step (`npm run build -w @dm51/web` runs it after `vite build`): writes a brotli copy
 * (`.br`, quality 11) and a gzip copy (`.gz`, level 9) next to every text file of the web build.
 * The server sends these with @fastify/static's `preCompressed`, so no request pays for compressing
 * a static file, and the copies can use the slowest, smallest settings.
 *
 * Every text file gets both copies, however small: a file without one would be compressed by the
 * server on each request instead (the per-request compression also covers streamed files).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const DIST = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
/** Text formats only: images and fonts in the build are already compressed. */
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

async function* textFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

async function compressFile(path) {
  const data = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipAsync(data, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
  return { raw: data.length, br: br.length, gz: gz.length };
}

const totals = { files: 0, raw: 0, br: 0, gz: 0 };
const jobs = [];
for await (const path of textFiles(DIST)) jobs.push(compressFile(path));
for (const sizes of await Promise.all(jobs)) {
  totals.files += 1;
  totals.raw += sizes.raw;
  totals.br += sizes.br;
  totals.gz += sizes.gz;
}
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(
  `compress-dist: ${totals.files} text files, ${kib(totals.raw)} → br ${kib(totals.br)}, gzip ${kib(totals.gz)}`,
);
