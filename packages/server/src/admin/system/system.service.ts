/**
 * System → Health, Versions, Sizes and Configuration: what an operator checks when something is
 * slow or broken. Everything is read from the running app (its database, media store, import
 * worker, config); nothing here changes anything. Slow answers (walking the media folder, asking
 * ffmpeg its version) are cached, so refreshing the page every few seconds costs little.
 */
import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { effectiveSettings, type EnvSettingView } from './env-settings.js';

const SIZES_TTL_MS = 60_000;
const FFMPEG_TTL_MS = 60_000;

/** Tables whose row counts the Sizes page shows (the ones that grow). */
export const COUNTED_TABLES = [
  'users',
  'works',
  'chapters',
  'pages',
  'comments',
  'messages',
  'ledger_entries',
  'payment_orders',
  'ai_jobs',
  'ai_log',
  'analytics_events',
  'audit_log',
] as const;

export type MediaKind = 'pages' | 'covers' | 'avatars' | 'video' | 'ai' | 'other';

export interface SizesReport {
  database: { engine: 'sqlite' | 'postgres'; bytes: number };
  tables: { table: string; rows: number }[];
  media: { kind: MediaKind; files: number; bytes: number }[];
  computedAt: number;
  tookMs: number;
}

function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: 5_000 }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
  });
}

/** Walks a folder without blocking: each directory read and stat is its own await. */
async function walk(root: string, visit: (relative: string, bytes: number) => void): Promise<void> {
  const pending = [''];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    let entries;
    try {
      entries = await readdir(join(root, dir), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const relative = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) pending.push(relative);
      else if (entry.isFile()) {
        const info = await stat(join(root, relative)).catch(() => null);
        if (info) visit(relative, info.size);
      }
    }
  }
}

/** The package.json of a dependency, found from this file upwards (no `exports` restrictions). */
async function packageVersion(name: string): Promise<string | null> {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i += 1) {
    try {
      const json = JSON.parse(await readFile(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as {
        version?: string;
      };
      return json.version ?? null;
    } catch {
      dir = dirname(dir);
    }
  }
  return null;
}

export const KEY_LIBRARIES = [
  'fastify',
  'kysely',
  'better-sqlite3',
  'pg',
  'sharp',
  'zod',
  'otpauth',
] as const;

export class SystemService {
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 20 });
  private sizesCache: { at: number; value: Promise<SizesReport> } | null = null;
  private ffmpegCache: { at: number; value: Promise<{ present: boolean; version: string | null }> } | null =
    null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.loopDelay.enable();
  }

  private get isPostgres(): boolean {
    return !!this.app.config.databaseUrl;
  }

  private ffmpegPath(): string {
    return (this.env['FFMPEG_PATH'] ?? '').trim() || '/usr/bin/ffmpeg';
  }

  /** `ffmpeg -version`'s first line, asked at most once a minute. */
  ffmpeg(): Promise<{ present: boolean; version: string | null }> {
    const now = Date.now();
    if (!this.ffmpegCache || now - this.ffmpegCache.at > FFMPEG_TTL_MS) {
      const value = run(this.ffmpegPath(), ['-hide_banner', '-version'])
        .then((out) => ({
          present: true,
          version: /ffmpeg version (\S+)/.exec(out)?.[1] ?? out.split('\n')[0]!,
        }))
        .catch(() => ({ present: false, version: null }));
      this.ffmpegCache = { at: now, value };
    }
    return this.ffmpegCache.value;
  }

  private mediaRoot(): string | null {
    const root = (this.app.media as { root?: unknown }).root;
    return typeof root === 'string' ? root : null;
  }

  async health() {
    const started = performance.now();
    let reachable = true;
    let error: string | null = null;
    try {
      await sql`select 1`.execute(this.app.db);
    } catch (e) {
      reachable = false;
      error = (e as Error).message.slice(0, 200);
    }
    const latencyMs = Math.round((performance.now() - started) * 100) / 100;

    const root = this.mediaRoot();
    let writable = false;
    let mediaError: string | null = null;
    if (root) {
      const probe = join(root, `.health-${process.pid}-${Date.now()}`);
      try {
        // The store makes its folder at the first write; so does the probe.
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
        await writeFile(probe, 'ok');
        await rm(probe, { force: true });
        writable = true;
      } catch (e) {
        mediaError = (e as Error).message.slice(0, 200);
      }
    } else mediaError = 'not a local media store';

    const jobs = await this.app.services.imports.list();
    const running = jobs.find((job) => job.state === 'running') ?? null;
    const memory = process.memoryUsage();
    const delay = {
      meanMs: Number.isFinite(this.loopDelay.mean) ? Math.round(this.loopDelay.mean / 1e4) / 100 : 0,
      p99Ms: Math.round(this.loopDelay.percentile(99) / 1e4) / 100,
      maxMs: Math.round(this.loopDelay.max / 1e4) / 100,
    };
    this.loopDelay.reset();
    return {
      database: { reachable, latencyMs, engine: this.isPostgres ? 'postgres' : 'sqlite', error },
      media: { writable, root, error: mediaError },
      ffmpeg: await this.ffmpeg(),
      imports: {
        running: running
          ? { id: running.id, root: running.root, startedAt: running.startedAt ?? null }
          : null,
        queued: jobs.filter((job) => job.state === 'queued').length,
        failed: jobs.filter((job) => job.state === 'failed').length,
        watching: this.app.services.imports.watching(),
      },
      eventLoopDelay: delay,
      memory: {
        rss: memory.rss,
        heapUsed: memory.heapUsed,
        heapTotal: memory.heapTotal,
        external: memory.external,
      },
      uptimeS: Math.round(process.uptime()),
      time: Math.floor(Date.now() / 1000),
    };
  }

  private async gitCommit(): Promise<string | null> {
    const fromEnv = (this.env['GIT_COMMIT'] ?? '').trim();
    if (fromEnv) return fromEnv.slice(0, 40);
    try {
      return (await run('git', ['-C', dirname(fileURLToPath(import.meta.url)), 'rev-parse', 'HEAD'])).trim();
    } catch {
      return null;
    }
  }

  async versions() {
    let databaseVersion = '';
    if (this.isPostgres) {
      const { rows } = await sql<{ server_version: string }>`show server_version`.execute(this.app.db);
      databaseVersion = rows[0]?.server_version ?? '';
    } else {
      const { rows } = await sql<{ v: string }>`select sqlite_version() as v`.execute(this.app.db);
      databaseVersion = rows[0]?.v ?? '';
    }
    const libraries = await Promise.all(
      KEY_LIBRARIES.map(async (name) => ({ name, version: await packageVersion(name) })),
    );
    const server = JSON.parse(
      await readFile(join(dirname(fileURLToPath(import.meta.url)), '../../../package.json'), 'utf8'),
    ) as { version: string };
    return {
      product: { version: server.version, commit: await this.gitCommit() },
      node: process.version,
      database: { engine: this.isPostgres ? 'postgres' : 'sqlite', version: databaseVersion },
      ffmpeg: (await this.ffmpeg()).version,
      libraries,
      platform: `${process.platform} ${process.arch}`,
    };
  }

  /** Sizes, computed at most once a minute (a page refresh during a walk waits for the same walk). */
  sizes(): Promise<SizesReport> {
    const now = Date.now();
    if (!this.sizesCache || now - this.sizesCache.at > SIZES_TTL_MS) {
      const value = this.computeSizes();
      this.sizesCache = { at: now, value };
      value.catch(() => {
        this.sizesCache = null;
      });
    }
    return this.sizesCache.value;
  }

  private async databaseBytes(): Promise<number> {
    if (this.isPostgres) {
      const { rows } = await sql<{
        n: string | number;
      }>`select pg_database_size(current_database()) as n`.execute(this.app.db);
      return Number(rows[0]?.n ?? 0);
    }
    let total = 0;
    for (const suffix of ['', '-wal', '-shm']) {
      total += (await stat(`${this.app.config.sqlitePath}${suffix}`).catch(() => null))?.size ?? 0;
    }
    return total;
  }

  /** Media keys by kind, from the tables that point at them. */
  private async keysByKind(): Promise<Map<string, MediaKind>> {
    const db = this.app.db;
    const kinds = new Map<string, MediaKind>();
    const add = (kind: MediaKind, keys: string[]) => {
      for (const key of keys) if (key) kinds.set(key, kind);
    };
    add(
      'pages',
      (await db.selectFrom('pages').select('media_key').execute()).map((r) => r.media_key),
    );
    add(
      'pages',
      (await db.selectFrom('chapter_media').select('media_key').execute()).map((r) => r.media_key),
    );
    add(
      'covers',
      (await db.selectFrom('works').select('cover_key').execute()).map((r) => r.cover_key),
    );
    add(
      'video',
      (await db.selectFrom('videos').select('poster_key').execute()).map((r) => r.poster_key),
    );
    add(
      'avatars',
      (await db.selectFrom('users').select('pic').where('pic', 'like', '/media/%').execute()).map((r) =>
        r.pic.slice('/media/'.length),
      ),
    );
    const ai = await db.selectFrom('ai_jobs').select(['input_key', 'result_key']).execute();
    add(
      'ai',
      ai.map((r) => r.result_key),
    );
    for (const row of ai) if (row.input_key && !kinds.has(row.input_key)) kinds.set(row.input_key, 'ai');
    return kinds;
  }

  private async computeSizes(): Promise<SizesReport> {
    const started = performance.now();
    const db = this.app.db;
    const tables = [];
    for (const table of COUNTED_TABLES) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      tables.push({ table, rows: Number(row.n) });
    }
    const kinds = await this.keysByKind();
    const totals = new Map<MediaKind, { files: number; bytes: number }>(
      (['pages', 'covers', 'avatars', 'video', 'ai', 'other'] as const).map((kind) => [
        kind,
        { files: 0, bytes: 0 },
      ]),
    );
    const root = this.mediaRoot();
    if (root) {
      await walk(root, (relative, bytes) => {
        // HLS output (playlists, segments, keys) lives in folders; everything else is a key.
        const kind =
          kinds.get(relative) ??
          (/\.(m3u8|ts|m4s|mp4|key)$/.test(relative) || relative.includes('/') ? 'video' : 'other');
        const total = totals.get(kind)!;
        total.files += 1;
        total.bytes += bytes;
      });
    }
    return {
      database: { engine: this.isPostgres ? 'postgres' : 'sqlite', bytes: await this.databaseBytes() },
      tables,
      media: [...totals].map(([kind, total]) => ({ kind, ...total })),
      computedAt: Math.floor(Date.now() / 1000),
      tookMs: Math.round(performance.now() - started),
    };
  }

  configuration(): { data: EnvSettingView[]; total: number } {
    const data = effectiveSettings(this.env);
    return { data, total: data.length };
  }
}

const instances = new WeakMap<FastifyInstance, SystemService>();

/** One SystemService per app (its caches and event-loop monitor live as long as the app). */
export function systemService(app: FastifyInstance): SystemService {
  let service = instances.get(app);
  if (!service) {
    service = new SystemService(app);
    instances.set(app, service);
  }
  return service;
}
