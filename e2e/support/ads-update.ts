/**
 * Helpers of the ads and update browser tests (issue 13): ad rows and settings written straight
 * into the running server's SQLite database, and a copy of the built web app the server is pointed
 * at (WEB_DIR), so a test can "deploy" a new build under a running page.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { RunningServer } from './server.js';
import { REPO_ROOT } from './server.js';

/** A colourful ad picture that needs no media upload. */
export const AD_PIC = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="360" viewBox="0 0 300 360">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff7a59"/><stop offset="1" stop-color="#fd3f6d"/></linearGradient></defs>
  <rect width="300" height="360" rx="24" fill="url(#g)"/>
  <circle cx="150" cy="130" r="72" fill="#ffd84d"/>
  <text x="150" y="152" font-family="sans-serif" font-size="64" font-weight="700" text-anchor="middle" fill="#fd3f6d">VIP</text>
  <text x="150" y="265" font-family="sans-serif" font-size="44" font-weight="700" text-anchor="middle" fill="#fff">50% OFF</text>
  <text x="150" y="315" font-family="sans-serif" font-size="26" text-anchor="middle" fill="#fff">today only</text>
</svg>`,
)}`;

function withServerDb<T>(server: RunningServer, work: (db: SqliteDatabase.Database) => T): T {
  const db = new SqliteDatabase(join(server.dataDir, 'app.db'), { timeout: 5000 });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

export interface AdRow {
  page: string;
  name?: string;
  pic?: string;
  pic_width?: number;
  pic_height?: number;
  url?: string;
  position?: string;
  position_offset_x?: string;
  position_offset_y?: string;
  bg_transparent?: number;
  hide_time?: number;
  display_time_again?: number;
  platform_show?: number;
  adtext_show?: number;
  adtext?: string;
  adtext_size?: number;
  adtext_color?: string;
  close_btn_control?: string;
  ad_bg_show?: number;
}

/** Inserts an enabled ad and returns its id. */
export function insertAd(server: RunningServer, ad: AdRow): number {
  const row = { name: `${ad.page} ad`, pic: AD_PIC, pic_width: 180, pic_height: 216, ...ad };
  const columns = Object.keys(row);
  return withServerDb(server, (db) => {
    const result = db
      .prepare(
        `insert into ads (${columns.join(', ')}, created_time) values (${columns.map((c) => `@${c}`).join(', ')}, @now)`,
      )
      .run({ ...row, now: Math.floor(Date.now() / 1000) });
    return Number(result.lastInsertRowid);
  });
}

/** Writes a settings row (JSON value), as the console will. */
export function setSetting(server: RunningServer, key: string, value: unknown): void {
  withServerDb(server, (db) =>
    db
      .prepare(
        'insert into settings (key, value, updated_time) values (?, ?, ?) on conflict (key) do update set value = excluded.value',
      )
      .run(key, JSON.stringify(value), Math.floor(Date.now() / 1000)),
  );
}

/** A copy of packages/web/dist to serve with WEB_DIR; remove it when done. */
export function copyWebBuild(): string {
  const source = join(REPO_ROOT, 'packages/web/dist');
  if (!existsSync(join(source, 'sw.js')))
    throw new Error('packages/web/dist has no sw.js: run npm run build');
  const dir = mkdtempSync(join(tmpdir(), 'dm51-e2e-web-'));
  cpSync(source, dir, { recursive: true });
  return dir;
}

/**
 * "Deploys" a new build: a service worker that differs by a byte is a new version to the browser.
 * Its pre-compressed copies go, or the server would keep serving the old bytes from them.
 */
export function deployNewBuild(webDir: string, label: string): void {
  const sw = join(webDir, 'sw.js');
  writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// ${label}\n`);
  for (const suffix of ['.br', '.gz']) rmSync(`${sw}${suffix}`, { force: true });
}
