/**
 * The PDF part of `npm run bench:import`: pages per second through the whole importer (read,
 * render or extract, encode, store, commit) for three kinds of PDF, each against a baseline
 * measured in the same run:
 *   - scanned comic (one 1600×2400 JPEG a page, scaled to reading width) vs. the same JPEGs in a
 *     CBZ: what the PDF container costs over an archive;
 *   - typeset book (text and vector pages) and PNG-compressed scans, both drawn by MuPDF, vs.
 *     MuPDF drawing the same pages without storing them: what encoding and storing add;
 *   - the typeset book again under novels/, where its text becomes novel chapters.
 * BENCH_PDF_PAGES sets the pages per PDF (default 120).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildZip, PdfDocument } from '@dm51/library';
import { buildPdf, type PdfPageSpec } from '@dm51/library/testing/pdf-builder';
import sharp from 'sharp';
import { createDatabase } from '../../packages/server/src/db/database.js';
import { migrateToLatest } from '../../packages/server/src/db/migrator.js';
import { runImport } from '../../packages/server/src/import/library-importer.js';
import { LocalMediaStore } from '../../packages/server/src/media/local-media-store.js';

const PAGES = Number(process.env['BENCH_PDF_PAGES'] ?? 120);

/** Imports `root` into a fresh catalogue; source pages per second (`novel`: read as text). */
async function importRate(
  root: string,
  work: string,
  novel = false,
): Promise<{ rate: number; pages: number; seconds: number }> {
  const dataDir = mkdtempSync(join(work, 'data-'));
  const db = createDatabase({ databaseUrl: null, sqlitePath: join(dataDir, 'app.db') });
  try {
    await migrateToLatest(db);
    const t = performance.now();
    const summary = await runImport({
      root,
      db,
      media: new LocalMediaStore(join(dataDir, 'media')),
      xorKey: 0x5a,
      dataDir,
    });
    const seconds = (performance.now() - t) / 1000;
    if (summary.failed.length > 0) console.log('failures:', summary.failed.slice(0, 3));
    const pages = novel ? PAGES : summary.pages.added;
    if (novel && summary.worksReport[0]?.kind !== 'novel')
      console.log('expected a novel:', summary.worksReport[0]);
    return { rate: pages / seconds, pages, seconds };
  } finally {
    await db.destroy();
  }
}

/** MuPDF drawing every page at reading width, nothing stored: the floor for rendered pages. */
async function renderRate(path: string): Promise<number> {
  const doc = await PdfDocument.open(path);
  try {
    const t = performance.now();
    for (let i = 0; i < doc.pageCount; i++) await doc.page(i, 1080, false);
    return doc.pageCount / ((performance.now() - t) / 1000);
  } finally {
    doc.close();
  }
}

async function writeLibrary(
  work: string,
  name: string,
  file: string,
  bytes: Buffer,
  layout = 'comics',
): Promise<string> {
  const root = join(work, `${layout}-${name}`);
  mkdirSync(join(root, layout, name), { recursive: true });
  writeFileSync(join(root, layout, name, file), bytes);
  return root;
}

export async function benchPdfImport(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'dm51-bench-pdf-'));
  const line = (name: string, value: string) => console.log(`${name.padEnd(44)} ${value}`);
  try {
    console.log(`PDF: ${PAGES} pages per document`);
    const scans: PdfPageSpec[] = Array.from({ length: PAGES }, (_, i) => ({
      type: 'jpeg',
      size: [1600, 2400],
      hue: i,
    }));
    const scanPdf = await buildPdf(scans);
    // The very JPEGs the PDF stores, as a CBZ.
    const doc = await PdfDocument.open(
      await writeLibrary(work, 'probe', 'x.pdf', scanPdf).then((r) => join(r, 'comics/probe/x.pdf')),
    );
    const jpegs: Buffer[] = [];
    for (let i = 0; i < doc.pageCount; i++) {
      const page = await doc.page(i, 1080);
      jpegs.push(
        page.type === 'jpeg' ? page.bytes : await sharp(page.pixels, { raw: page }).jpeg().toBuffer(),
      );
    }
    doc.close();
    const cbz = buildZip(
      jpegs.map((data, i) => ({ name: `${String(i).padStart(4, '0')}.jpg`, data, store: true })),
    );

    const cbzRate = await importRate(await writeLibrary(work, 'cbz', 'Scan c001.cbz', cbz), work);
    const scanRate = await importRate(await writeLibrary(work, 'scan', 'Scan c001.pdf', scanPdf), work);
    line('baseline: the same JPEG pages as a CBZ', `${cbzRate.rate.toFixed(1)} pages/s`);
    line(
      'scanned PDF (1600×2400 JPEG pages)',
      `${scanRate.rate.toFixed(1)} pages/s (${scanRate.pages} pages, ${scanRate.seconds.toFixed(1)} s)`,
    );
    line('ratio scanned PDF / CBZ', (scanRate.rate / cbzRate.rate).toFixed(3));

    const kinds: [string, PdfPageSpec[]][] = [
      [
        'typeset PDF (text + vector pages)',
        Array.from({ length: PAGES }, (_, i) => ({
          type: 'text',
          lines: Array.from(
            { length: 30 },
            (_, l) => `Page ${i + 1}, line ${l + 1}: the quick brown fox jumps over the lazy dog.`,
          ),
        })),
      ],
      [
        'PNG-compressed scan PDF (900×1350)',
        Array.from({ length: PAGES }, (_, i) => ({ type: 'png', size: [900, 1350], hue: i })),
      ],
    ];
    for (const [name, pages] of kinds) {
      const bytes = await buildPdf(pages);
      const root = await writeLibrary(work, name.split(' ')[0]!, 'Book c001.pdf', bytes);
      const floor = await renderRate(join(root, 'comics', name.split(' ')[0]!, 'Book c001.pdf'));
      const result = await importRate(root, work);
      line(`baseline: MuPDF drawing ${name.split(' ')[0]} pages`, `${floor.toFixed(1)} pages/s`);
      line(name, `${result.rate.toFixed(1)} pages/s (${result.pages} pages, ${result.seconds.toFixed(1)} s)`);
      line(`ratio import / drawing`, (result.rate / floor).toFixed(3));
      if (pages[0]?.type === 'text') {
        const novel = await importRate(
          await writeLibrary(work, 'Book', 'Book.pdf', bytes, 'novels'),
          work,
          true,
        );
        line(
          'the same book under novels/ (text → novel)',
          `${novel.rate.toFixed(1)} pages/s (${novel.seconds.toFixed(1)} s)`,
        );
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
