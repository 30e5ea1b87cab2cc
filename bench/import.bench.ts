/**
 * `npm run bench:import`: the library importer on a synthetic library (default 2,000 CBZ × 20
 * small pages in 100 series, and 200 EPUBs), against baselines measured in the same run:
 *   - first scan (archives/s) vs. opening every archive and listing its index (the floor of any
 *     importer that reads archives at all);
 *   - unchanged rescan (files/s) vs. walking the folder and stat-ing every file (the floor of any
 *     incremental scan);
 *   - peak RSS, sampled during the scan, to show memory stays flat as the library grows.
 * Scale down with BENCH_CBZ, BENCH_EPUB, BENCH_PAGES (e.g. BENCH_CBZ=200 for a quick look).
 * Then PDFs, in pages/s (support/pdf-import-bench.ts); BENCH_ONLY=pdf runs only that part.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildZip, openArchive } from '@dm51/library';
import sharp from 'sharp';
import { createDatabase } from '../packages/server/src/db/database.js';
import { migrateToLatest } from '../packages/server/src/db/migrator.js';
import { runImport } from '../packages/server/src/import/library-importer.js';
import { LocalMediaStore } from '../packages/server/src/media/local-media-store.js';
import { benchPdfImport } from './support/pdf-import-bench.js';

const CBZ = Number(process.env['BENCH_CBZ'] ?? 2000);
const EPUB = Number(process.env['BENCH_EPUB'] ?? 200);
const PAGES = Number(process.env['BENCH_PAGES'] ?? 20);
const SERIES = Math.max(1, Math.round(CBZ / 20));

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

async function buildLibrary(root: string): Promise<string[]> {
  // A pool of distinct small pages (~300×450 JPEG), so decoding and encoding are real work.
  const pool = await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      sharp({
        create: {
          width: 300,
          height: 450,
          channels: 3,
          background: { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 13) % 256 },
        },
      })
        .composite([
          {
            input: Buffer.from(
              `<svg width="300" height="450"><circle cx="${50 + i * 3}" cy="200" r="${30 + i}" fill="#fff"/><text x="20" y="60" font-size="40">${i}</text></svg>`,
            ),
          },
        ])
        .jpeg({ quality: 80 })
        .toBuffer(),
    ),
  );
  const archives: string[] = [];
  for (let i = 0; i < CBZ; i++) {
    const series = `Series ${String(i % SERIES).padStart(3, '0')}`;
    const dir = join(root, 'comics', series);
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `${series} c${String(Math.floor(i / SERIES) + 1).padStart(3, '0')}.cbz`);
    const files = Array.from({ length: PAGES }, (_, p) => ({
      name: `${String(p).padStart(3, '0')}.jpg`,
      data: pool[(i * 7 + p) % pool.length]!,
      store: true,
    }));
    writeFileSync(path, buildZip(files));
    archives.push(path);
  }
  for (let i = 0; i < EPUB; i++) {
    const dir = join(root, 'novels', `Book ${String(i).padStart(3, '0')}`);
    mkdirSync(dir, { recursive: true });
    const chapters = Array.from({ length: 10 }, (_, c) => ({
      name: `OEBPS/c${c}.xhtml`,
      data: Buffer.from(
        `<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Chapter ${c + 1}</title></head><body><h1>Chapter ${c + 1}</h1>${'<p>Lorem ipsum dolor sit amet, the quick brown fox jumps over the lazy dog.</p>'.repeat(40)}</body></html>`,
      ),
    }));
    const opf = `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Book ${i}</dc:title><dc:creator>Bench</dc:creator><dc:language>en</dc:language></metadata><manifest>${chapters.map((_, c) => `<item id="c${c}" href="c${c}.xhtml" media-type="application/xhtml+xml"/>`).join('')}</manifest><spine>${chapters.map((_, c) => `<itemref idref="c${c}"/>`).join('')}</spine></package>`;
    const path = join(dir, `Book ${i}.epub`);
    writeFileSync(
      path,
      buildZip([
        { name: 'mimetype', data: Buffer.from('application/epub+zip'), store: true },
        {
          name: 'META-INF/container.xml',
          data: Buffer.from(
            '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
          ),
        },
        { name: 'OEBPS/content.opf', data: Buffer.from(opf) },
        ...chapters,
      ]),
    );
    archives.push(path);
  }
  return archives;
}

function walkAndStat(dir: string): number {
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files += walkAndStat(path);
    else {
      statSync(path);
      files += 1;
    }
  }
  return files;
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'dm51-bench-import-'));
  const root = join(work, 'library');
  const dataDir = join(work, 'data');
  try {
    console.log(`synthetic library: ${CBZ} CBZ × ${PAGES} pages in ${SERIES} series, ${EPUB} EPUBs`);
    const archives = await buildLibrary(root);

    let t = performance.now();
    const listed = walkAndStat(root);
    const statS = (performance.now() - t) / 1000;
    t = performance.now();
    for (const path of archives) {
      const reader = await openArchive(path);
      await reader.list();
      await reader.close();
    }
    const listS = (performance.now() - t) / 1000;

    const db = createDatabase({ databaseUrl: null, sqlitePath: join(dataDir, 'app.db') });
    await migrateToLatest(db);
    const media = new LocalMediaStore(join(dataDir, 'media'));
    let peak = 0;
    const samples: string[] = [];
    const options = {
      root,
      db,
      media,
      xorKey: 0x5a,
      dataDir,
      onProgress: (p: { done: number; total: number }) => {
        const rss = process.memoryUsage().rss;
        peak = Math.max(peak, rss);
        for (const q of [0.25, 0.5, 0.75]) {
          if (p.total > 0 && p.done === Math.floor(p.total * q)) samples.push(`${q * 100}%: ${mb(rss)}`);
        }
      },
    };
    t = performance.now();
    const first = await runImport(options);
    const firstS = (performance.now() - t) / 1000;
    t = performance.now();
    const rescan = await runImport(options);
    const rescanS = (performance.now() - t) / 1000;
    await db.destroy();

    const firstRate = archives.length / firstS;
    const listRate = archives.length / listS;
    const rescanRate = rescan.files.scanned / rescanS;
    const statRate = listed / statS;
    const line = (name: string, value: string) => console.log(`${name.padEnd(44)} ${value}`);
    line('baseline: open + list every archive', `${listRate.toFixed(0)} archives/s`);
    line(
      'first scan (read, render, store, commit)',
      `${firstRate.toFixed(1)} archives/s (${first.pages.added} pages, ${firstS.toFixed(1)} s)`,
    );
    line('ratio first scan / listing baseline', (firstRate / listRate).toFixed(4));
    line('baseline: walk + stat every file', `${statRate.toFixed(0)} files/s`);
    line(
      'unchanged rescan',
      `${rescanRate.toFixed(0)} files/s (${rescan.files.scanned} files, ${rescanS.toFixed(2)} s, ${rescan.files.imported} re-read)`,
    );
    line('ratio rescan / stat baseline', (rescanRate / statRate).toFixed(3));
    line(
      'peak RSS during the scans',
      `${mb(Math.max(peak, process.resourceUsage().maxRSS * 1024))} (${samples.join(', ')})`,
    );
    if (first.failed.length > 0) console.log('failures:', first.failed.slice(0, 5));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.env['BENCH_ONLY'] !== 'pdf') await main();
await benchPdfImport();
