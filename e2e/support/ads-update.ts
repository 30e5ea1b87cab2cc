/**
 * Helpers of the ads and update browser tests: ad rows and settings written straight
 * into the running server's database (its SQLite file, or a cluster's PostgreSQL), and a copy of the built web app the server is pointed
 * at (WEB_DIR), so a test can "deploy" a new build under a running page.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { executeServerDb, queryServerDb } from './import-status.js';
import type { RunningServer } from './server.js';
import { REPO_ROOT } from './server.js';

/**
 * A colourful ad picture that needs no media upload. Kept compact (shared attributes on the root):
 * as a URL it must fit the ads.pic column, varchar(1024) on PostgreSQL.
 */
export const AD_PIC = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="360" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="#fff">
<defs><linearGradient id="g" x2="1" y2="1"><stop stop-color="#ff7a59"/><stop offset="1" stop-color="#fd3f6d"/></linearGradient></defs>
<rect width="300" height="360" rx="24" fill="url(#g)"/>
<circle cx="150" cy="130" r="72" fill="#ffd84d"/>
<text x="150" y="152" font-size="64" fill="#fd3f6d">VIP</text>
<text x="150" y="265" font-size="44">50% OFF</text>
<text x="150" y="315" font-size="26" font-weight="400">today only</text>
</svg>`,
)}`;

/** A SQL literal both engines read the same (test values only: numbers and plain strings). */
function literal(value: string | number): string {
  return typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`;
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
  const row: Record<string, string | number> = {
    name: `${ad.page} ad`,
    pic: AD_PIC,
    pic_width: 180,
    pic_height: 216,
    ...ad,
    created_time: Math.floor(Date.now() / 1000),
  };
  const columns = Object.keys(row);
  executeServerDb(
    server,
    `insert into ads (${columns.join(', ')}) values (${columns.map((c) => literal(row[c]!)).join(', ')})`,
  );
  // The newest ad is this one: a test's set-up runs alone, before anything else adds ads.
  return queryServerDb<{ id: number }>(server, 'select max(id) as id from ads')[0]!.id;
}

/** Writes a settings row (JSON value), as the console will. */
export function setSetting(server: RunningServer, key: string, value: unknown): void {
  executeServerDb(
    server,
    `insert into settings (key, value, updated_time) values (${literal(key)}, ${literal(JSON.stringify(value))}, ${Math.floor(Date.now() / 1000)}) on conflict (key) do update set value = excluded.value`,
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
