/**
 * Per-request compression of dynamic text answers (the /v3 JSON, /docs JSON, /app-config.js, the
 * cashier pages): brotli when the client accepts it, gzip otherwise, nothing for small answers.
 * Static files of the web build are compressed at build time instead (plugins/web.ts serves the
 * .br/.gz copies); they already carry a Content-Encoding, which this plugin leaves alone. Media
 * routes opt out with `compress: false` (images and video are compressed formats, and byte ranges
 * must address the stored bytes).
 *
 * Registered on the root instance before any route (@fastify/compress is not encapsulated), so
 * that its hook sees every route. COMPRESSION=off leaves it out, to measure what it saves.
 */
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Brotli quality 4 compresses a JSON answer about as well as gzip -9 at a fraction of the CPU; the
 * slow, high qualities are for build-time copies only.
 */
const BROTLI_QUALITY = 4;
/** Below ~1 KiB the headers and the extra round of CPU outweigh the bytes saved. */
const THRESHOLD_BYTES = 1024;
/**
 * What is worth compressing. Replaces the library's default, which also includes
 * application/octet-stream (here: XOR-encoded images and AES keys, which do not shrink).
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(;|$)|[+/]xml(;|$)|javascript(;|$)/;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: 6 },
    // Clients send small form bodies; there is no reason to accept compressed request bodies.
    globalDecompression: false,
  });
}
