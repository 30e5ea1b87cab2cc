/**
 * `npm run bench:import`: the library importer as an operator runs it, inside the real built
 * server, on a synthetic library (default 2,000 CBZ × 20 small pages in 100 series, and 200 EPUBs),
 * against baselines measured in the same run:
 *   - first scan (archives/s), started by adding the folder in the console, vs. opening every
 *     archive and listing its index (the floor of any importer that reads archives at all);
 *   - unchanged rescan (the console's scan), vs. walking the folder and stat-ing every file (the
 *     floor of any incremental scan);
 *   - a rescan after BENCH_CHANGED_PERCENT (1) % of the archives were rewritten with other pages;
 *   - the console while the first scan runs: console calls at a steady pace (two operators, one
 *     call each every 200 ms: the work list and search, the import job, folders, runs), their
 *     p50 and p99 against the same calls on the idle server just before;
 *   - the server's peak RSS (its import runs in a worker thread of the same process).
 * BENCH_CBZ, BENCH_EPUB and BENCH_PAGES size the library (BENCH_CBZ=90000 BENCH_EPUB=10000
 * BENCH_PAGES=3: 100,000 small files); DATABASE_URL=postgres://… runs it on a fresh PostgreSQL
 * database (SQLite otherwise). Needs `npm run build`. Then PDFs, in pages/s
 * (support/pdf-import-bench.ts); BENCH_ONLY=pdf or BENCH_ONLY=import runs only one part.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildZip, openArchive } from '@dm51/library';
import sharp from 'sharp';
import { startServer, type RunningServer } from '../e2e/support/server.js';
import { prepareStorage } from './support/bench-storage.js';
import { startConsoleProbe, type ProbeFigures } from './support/console-probe.js';
import { consoleSignIn } from './support/console-session.js';
import { benchPdfImport } from './support/pdf-import-bench.js';
import { summariseSlowQueries } from './support/slow-queries.js';

const CBZ = Number(process.env['BENCH_CBZ'] ?? 2000);
const EPUB = Number(process.env['BENCH_EPUB'] ?? 200);
const PAGES = Number(process.env['BENCH_PAGES'] ?? 20);
const CHANGED_PERCENT = Number(process.env['BENCH_CHANGED_PERCENT'] ?? 1);
const SERIES = Math.max(1, Math.round(CBZ / 20));
const PROBE = { operators: 2, intervalMs: 200 };
const IDLE_PROBE_MS = 10_000;
const SLOW_QUERY_MS = process.env['BENCH_SLOW_QUERY_MS'];

/** A pool of distinct small pages (~300×450 JPEG), so decoding and encoding are real work. */
function pagePool(): Promise<Buffer[]> {
  return Promise.all(
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
}

/** Comic `i`'s archive; `shift` picks other pages from the pool (a changed file). */
function writeComic(root: string, pool: Buffer[], i: number, shift = 0): string {
  const series = `Series ${String(i % SERIES).padStart(4, '0')}`;
  const dir = join(root, 'comics', series);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${series} c${String(Math.floor(i / SERIES) + 1).padStart(3, '0')}.cbz`);
  const files = Array.from({ length: PAGES }, (_, p) => ({
    name: `${String(p).padStart(3, '0')}.jpg`,
    data: pool[(i * 7 + p + shift) % pool.length]!,
    store: true,
  }));
  writeFileSync(path, buildZip(files));
  return path;
}

function writeNovel(root: string, i: number): string {
  const dir = join(root, 'novels', `Book ${String(i).padStart(5, '0')}`);
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
  return path;
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

interface JobView {
  id: number;
  state: 'queued' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
  reason: string | null;
  startedAt: number | null;
  finishedAt: number | null;
  summary: {
    files: { scanned: number; unchanged: number; imported: number; failed: number };
    chapters: { added: number };
    failed: unknown[];
  } | null;
}

/** Resident memory of a process in MB: all of it, its anonymous part (heaps) and its file-backed part (mapped files). */
function residentMb(pid: number): { rss: number; anon: number; file: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) =>
    Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0) / 1024;
  return { rss: field('VmRSS'), anon: field('RssAnon'), file: field('RssFile') };
}

/** The console's session on one server: its calls, and the peak memory of the server process. */
class ConsoleSession {
  /** Peaks of the samples (every second): anonymous memory is the heaps; file-backed is SQLite's mapped database. */
  readonly peak = { rss: 0, anon: 0, file: 0 };
  private readonly sampler: NodeJS.Timeout;

  constructor(
    readonly server: RunningServer,
    readonly cookie: string,
    private readonly csrfToken: string,
  ) {
    this.sampler = setInterval(() => this.sampleRss(), 1000);
  }

  sampleRss(): void {
    const now = residentMb(this.server.pid);
    this.peak.rss = Math.max(this.peak.rss, now.rss);
    this.peak.anon = Math.max(this.peak.anon, now.anon);
    this.peak.file = Math.max(this.peak.file, now.file);
  }

  /** The kernel's high-water mark of the server's resident memory, between our samples too. */
  highWaterMb(): number {
    const line = readFileSync(`/proc/${this.server.pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB/m);
    return Math.max(this.peak.rss, line ? Number(line[1]) / 1024 : 0);
  }

  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.server.baseURL}/admin/api${path}`, {
      method,
      headers: {
        cookie: this.cookie,
        ...(body ? { 'content-type': 'application/json', 'x-csrf-token': this.csrfToken } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return (JSON.parse(text) as { data: T }).data;
  }

  /** Polls the job as the console does (every second) until it ends; its run time on the server's clock. */
  async finished(id: number, label: string): Promise<{ job: JobView; seconds: number }> {
    let shown = Date.now();
    const started = Date.now();
    for (;;) {
      const job = await this.call<JobView>('GET', `/library/jobs/${id}`);
      if (job.state === 'failed') throw new Error(`${label} failed: ${job.reason}`);
      if (job.state === 'done') {
        const seconds = ((job.finishedAt ?? Date.now()) - (job.startedAt ?? Date.now())) / 1000;
        return { job, seconds };
      }
      if (Date.now() - shown > 30_000 && job.total > 0) {
        shown = Date.now();
        const rate = job.done / ((Date.now() - started) / 1000);
        console.log(
          `  ${label}: ${job.done} of ${job.total} (${rate.toFixed(1)}/s so far), server RSS ${residentMb(this.server.pid).rss.toFixed(0)} MB`,
        );
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  }

  stop(): void {
    clearInterval(this.sampler);
  }
}

const probeLine = (figures: ProbeFigures) =>
  `p50 ${figures.p50Ms.toFixed(1)} ms, p99 ${figures.p99Ms.toFixed(1)} ms, max ${figures.maxMs.toFixed(0)} ms (${figures.calls} calls, ${figures.failed} failed)`;

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'dm51-bench-import-'));
  const root = join(work, 'library');
  const storage = await prepareStorage('import');
  let session: ConsoleSession | null = null;
  try {
    console.log(
      `synthetic library: ${CBZ} CBZ × ${PAGES} pages in ${SERIES} series, ${EPUB} EPUBs; ${storage.kind}`,
    );
    let t = performance.now();
    const pool = await pagePool();
    const comics = Array.from({ length: CBZ }, (_, i) => writeComic(root, pool, i));
    const archives = [...comics, ...Array.from({ length: EPUB }, (_, i) => writeNovel(root, i))];
    console.log(`written in ${((performance.now() - t) / 1000).toFixed(0)} s (not measured)`);

    t = performance.now();
    const listed = walkAndStat(root);
    const statS = (performance.now() - t) / 1000;
    t = performance.now();
    for (const path of archives) {
      const reader = await openArchive(path);
      await reader.list();
      await reader.close();
    }
    const listS = (performance.now() - t) / 1000;

    const server = await startServer({
      ...storage.env,
      LOG_LEVEL: 'warn',
      // BENCH_SLOW_QUERY_MS=30 prints, at the end, the statements (of the server and its import) that took longer.
      ...(SLOW_QUERY_MS ? { DB_SLOW_QUERY_MS: SLOW_QUERY_MS } : {}),
    });
    const signedIn = await consoleSignIn(server, storage.env['DATABASE_URL']);
    session = new ConsoleSession(server, signedIn.cookie, signedIn.csrfToken);
    const probePaths = [
      '/admin/api/catalogue/works?page=1&pageSize=20',
      '/admin/api/library/folders',
      '/admin/api/catalogue/works?page=1&pageSize=20&q=Series%2001',
      '/admin/api/library/jobs',
      '/admin/api/library/runs?page=1&pageSize=20',
    ];
    const idleProbe = startConsoleProbe(server.baseURL, session.cookie, probePaths, PROBE);
    await new Promise((r) => setTimeout(r, IDLE_PROBE_MS));
    const idle = await idleProbe.stop();

    // The operator adds the folder in the console, which scans it; the console is used meanwhile.
    const busyProbe = startConsoleProbe(server.baseURL, session.cookie, probePaths, PROBE);
    const added = await session.call<{ id: number; job: { id: number } }>('POST', '/library/folders', {
      path: root,
      watch: false,
    });
    const first = await session.finished(added.job.id, 'first scan');
    const busy = await busyProbe.stop();
    const firstRssMb = session.highWaterMb();

    const scan = async (label: string) => {
      const job = await session!.call<{ id: number }>('POST', '/library/scan', { libraryId: added.id });
      return session!.finished(job.id, label);
    };
    const unchanged = await scan('unchanged rescan');

    const every = Math.max(1, Math.round(100 / CHANGED_PERCENT));
    let changed = 0;
    for (let i = 0; i < CBZ; i += every, changed += 1) writeComic(root, pool, i, 1);
    const afterChange = await scan(`rescan after ${CHANGED_PERCENT} % changed`);

    const firstRate = archives.length / first.seconds;
    const listRate = archives.length / listS;
    const statRate = listed / statS;
    const rescanRate = listed / unchanged.seconds;
    const files = (job: JobView) => job.summary!.files;
    const line = (name: string, value: string) => console.log(`${name.padEnd(46)} ${value}`);
    line('baseline: open + list every archive', `${listRate.toFixed(0)} archives/s`);
    line(
      'first scan in the server',
      `${firstRate.toFixed(1)} archives/s (${files(first.job).imported} files, ${first.job.summary!.chapters.added} chapters, ${first.seconds.toFixed(1)} s)`,
    );
    line('ratio first scan / listing baseline', (firstRate / listRate).toFixed(4));
    line('baseline: walk + stat every file', `${statRate.toFixed(0)} files/s (${statS.toFixed(2)} s)`);
    line(
      'unchanged rescan',
      `${unchanged.seconds.toFixed(2)} s, ${rescanRate.toFixed(0)} files/s (${files(unchanged.job).scanned} files, ${files(unchanged.job).imported} re-read)`,
    );
    line('ratio rescan / stat baseline', (rescanRate / statRate).toFixed(3));
    line(
      `rescan after ${CHANGED_PERCENT} % changed`,
      `${afterChange.seconds.toFixed(2)} s (${changed} rewritten, ${files(afterChange.job).imported} re-read)`,
    );
    line('console idle, just before', probeLine(idle));
    line('console during the first scan', probeLine(busy));
    line('ratio console p99 during / idle', (busy.p99Ms / Math.max(idle.p99Ms, 0.1)).toFixed(2));
    line(
      'server peak RSS',
      `${session.highWaterMb().toFixed(0)} MB (${firstRssMb.toFixed(0)} MB by the end of the first scan)`,
    );
    line(
      'of which, at their peaks',
      `anonymous ${session.peak.anon.toFixed(0)} MB, file-backed ${session.peak.file.toFixed(0)} MB (mapped database and code)`,
    );
    if (SLOW_QUERY_MS)
      console.log(`slower than ${SLOW_QUERY_MS} ms:\n${summariseSlowQueries(server.output())}`);
    const failures = [first, unchanged, afterChange].flatMap(({ job }) => job.summary!.failed);
    if (failures.length > 0) console.log('failures:', failures.slice(0, 5));
    if (files(afterChange.job).imported !== changed)
      console.log(`warning: ${changed} files were rewritten but ${files(afterChange.job).imported} re-read`);
  } finally {
    session?.stop();
    await session?.server.stop();
    await storage.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.env['BENCH_ONLY'] !== 'pdf') await main();
if (process.env['BENCH_ONLY'] !== 'import') await benchPdfImport();
