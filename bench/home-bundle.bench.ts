/**
 * The production JavaScript a phone downloads before home can render: the entry chunk, every chunk
 * it imports statically (transitively), and the lazy chunks of the entry page (a new visitor passes
 * through it for a session; packages/web/vite.config.ts puts its code in the app chunk) and of the
 * home page, gzipped. Printed per chunk with the total and its ratio to the first-load budget (well
 * under 200 KiB).
 * Run after `npm run build` (npm run bench:bundle does both).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from '../e2e/support/server.js';

const BUDGET_KIB = 200;
const dist = join(REPO_ROOT, 'packages/web/dist');
const assets = join(dist, 'assets');

function staticImports(file: string): string[] {
  const source = readFileSync(join(assets, file), 'utf8');
  return [...source.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)].map((match) => match[1]!);
}

function collect(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = /assets\/(index-[^"']+\.js)/.exec(html)?.[1];
if (!entry) throw new Error('no entry chunk in packages/web/dist/index.html: run npm run build first');
const homeChunks = readdirSync(assets).filter((file) => /^(EntryPage|HomePage)-.*\.js$/.test(file));
const chunks = [...collect([entry, ...homeChunks])]
  .map((file) => ({ file, kib: gzipSync(readFileSync(join(assets, file))).length / 1024 }))
  .sort((a, b) => b.kib - a.kib);

for (const chunk of chunks) console.log(`${chunk.file.padEnd(40)} ${chunk.kib.toFixed(1).padStart(7)} KiB`);
const total = chunks.reduce((sum, chunk) => sum + chunk.kib, 0);
console.log(`home JS, gzipped: ${total.toFixed(1)} KiB in ${chunks.length} chunks`);
console.log(`ratio to the ${BUDGET_KIB} KiB budget: ${(total / BUDGET_KIB).toFixed(3)}`);
