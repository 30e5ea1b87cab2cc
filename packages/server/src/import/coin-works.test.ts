/**
 * Coin works through import: `.coins` markers (with a price as their content) and `pay: coins` /
 * `price: N` Notes lines make a work's chapters past the free preview coin chapters (pay 1) with
 * works.chapter_price set, VIP wins over coins, and the pay is derived again on every change.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { FREE_PREVIEW_CHAPTERS } from './import-committer.js';
import { writeCbz } from './testing/library-fixtures.js';
import { importInto } from '../testing/import-into.js';

let ctx: TestApp;
let lib: string;

const importNow = () => importInto(ctx, lib);

/** The work's pay and price, and its chapters' ids and pay in reading order. */
async function payOf(title: string) {
  const work = await ctx.db
    .selectFrom('works')
    .select(['id', 'pay', 'chapter_price'])
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  const chapters = await ctx.db
    .selectFrom('chapters')
    .select(['id', 'pay'])
    .where('work_id', '=', work.id)
    .orderBy('sort_order')
    .execute();
  return {
    pay: work.pay,
    price: work.chapter_price,
    chapters: chapters.map((c) => c.pay),
    ids: chapters.map((c) => c.id),
  };
}

async function writeSeries(folder: string, chapters: number, notes?: string): Promise<void> {
  for (let n = 1; n <= chapters; n++) {
    const name = folder.slice(folder.lastIndexOf('/') + 1);
    await writeCbz(join(lib, folder, `${name} c${String(n).padStart(3, '0')}.cbz`), {
      pages: 1,
      size: [40, 60],
      info: { Series: name, Number: String(n), ...(notes === undefined ? {} : { Notes: notes }) },
    });
  }
}

/** Gives a file a new modification time, so the next scan reads it again. */
function touch(path: string, secondsAhead: number): void {
  const time = new Date(Date.now() + secondsAhead * 1000);
  utimesSync(path, time, time);
}

beforeAll(async () => {
  ctx = await buildTestApp();
  lib = mkdtempSync(join(tmpdir(), 'dm51-coins-'));
  await writeSeries('comics/Coin Marker', 5);
  writeFileSync(join(lib, 'comics/Coin Marker/.coins'), '15\n');
  await writeSeries('comics/Coin Notes', 4, 'status: serialising\npay: coins\nprice: 12');
  await writeSeries('comics/Both Said', 4, 'pay: coins');
  writeFileSync(join(lib, 'comics/Both Said/.vip'), '');
  await writeSeries('comics/Both Markers', 4);
  writeFileSync(join(lib, 'comics/Both Markers/.vip'), '');
  writeFileSync(join(lib, 'comics/Both Markers/coins'), '20');
  await writeSeries('comics/Short Coins', 2, 'pay: 1');
  await writeSeries('comics/Renamed Marker', 4);
  writeFileSync(join(lib, 'comics/Renamed Marker/.vip'), '');
  const novel = ['第一章 起', '第二章 承', '第三章 转', '第四章 合']
    .map((heading, i) => `${heading}\n第${i + 1}章的正文。\n`)
    .join('\n');
  mkdirSync(join(lib, 'novels/Coin Novel'), { recursive: true });
  writeFileSync(join(lib, 'novels/Coin Novel/Coin Novel.txt'), novel);
  writeFileSync(join(lib, 'novels/Coin Novel/coins.txt'), 'price: 9\n');
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  rmSync(lib, { recursive: true, force: true });
});

describe('coin works', () => {
  it('makes chapters past the free preview coin chapters, priced by the marker or the Notes', async () => {
    const summary = await importNow();
    expect(summary.failed).toEqual([]);
    expect(FREE_PREVIEW_CHAPTERS).toBe(3);
    // A coin work is not a VIP work: works.pay stays 0 (no VIP badge, not in the VIP filter).
    expect(await payOf('Coin Marker')).toMatchObject({ pay: 0, price: 15, chapters: [0, 0, 0, 1, 1] });
    expect(await payOf('Coin Notes')).toMatchObject({ pay: 0, price: 12, chapters: [0, 0, 0, 1] });
    // No more chapters than the free preview: all free.
    expect(await payOf('Short Coins')).toMatchObject({ pay: 0, price: 0, chapters: [0, 0] });
    // coins.txt is a marker, not a second book.
    expect(await payOf('Coin Novel')).toMatchObject({ pay: 0, price: 9, chapters: [0, 0, 0, 1] });
  });

  it('lets VIP win over coins, keeping a price a coin marker gives', async () => {
    expect(await payOf('Both Said')).toMatchObject({ pay: 2, price: 0, chapters: [0, 0, 0, 2] });
    expect(await payOf('Both Markers')).toMatchObject({ pay: 2, price: 20, chapters: [0, 0, 0, 2] });
  });

  it('re-derives pay and price when markers change, keeping chapter ids', async () => {
    const before = await payOf('Coin Marker');
    writeFileSync(join(lib, 'comics/Coin Marker/.coins'), '25\n');
    touch(join(lib, 'comics/Coin Marker/.coins'), 5);
    await importNow();
    expect(await payOf('Coin Marker')).toEqual({ ...before, price: 25 });

    // Renamed from .vip to .coins: same size, same modification time, still a change.
    const renamed = await payOf('Renamed Marker');
    expect(renamed).toMatchObject({ pay: 2, chapters: [0, 0, 0, 2] });
    renameSync(join(lib, 'comics/Renamed Marker/.vip'), join(lib, 'comics/Renamed Marker/.coins'));
    await importNow();
    expect(await payOf('Renamed Marker')).toEqual({ ...renamed, pay: 0, chapters: [0, 0, 0, 1] });
  });

  it('makes a work free again when its marker goes', async () => {
    const before = await payOf('Coin Marker');
    unlinkSync(join(lib, 'comics/Coin Marker/.coins'));
    const summary = await importNow();
    // The folder's statement goes; no chapter does.
    expect(summary.chapters.removed).toBe(0);
    expect(await payOf('Coin Marker')).toEqual({ ...before, price: 0, chapters: [0, 0, 0, 0, 0] });

    const novel = await payOf('Coin Novel');
    unlinkSync(join(lib, 'novels/Coin Novel/coins.txt'));
    await importNow();
    expect(await payOf('Coin Novel')).toEqual({ ...novel, price: 0, chapters: [0, 0, 0, 0] });
  });

  it('makes a work free again when its files stop saying pay: coins, and VIP when they say vip', async () => {
    const before = await payOf('Coin Notes');
    // One file still saying coins keeps the work a coin work.
    await writeSeries('comics/Coin Notes', 3, 'status: serialising');
    for (let n = 1; n <= 3; n++) touch(join(lib, `comics/Coin Notes/Coin Notes c00${n}.cbz`), 10);
    await importNow();
    expect(await payOf('Coin Notes')).toEqual(before);

    await writeSeries('comics/Coin Notes', 4, 'pay: vip');
    for (let n = 1; n <= 4; n++) touch(join(lib, `comics/Coin Notes/Coin Notes c00${n}.cbz`), 15);
    await importNow();
    expect(await payOf('Coin Notes')).toEqual({ ...before, pay: 2, price: 0, chapters: [0, 0, 0, 2] });

    await writeSeries('comics/Coin Notes', 4);
    for (let n = 1; n <= 4; n++) touch(join(lib, `comics/Coin Notes/Coin Notes c00${n}.cbz`), 20);
    await importNow();
    expect(await payOf('Coin Notes')).toEqual({ ...before, pay: 0, price: 0, chapters: [0, 0, 0, 0] });
  });

  it('reads pay from file statements stored before coin works existed (vip: true)', async () => {
    const row = await ctx.db
      .selectFrom('library_files')
      .select(['path', 'meta'])
      .where('path', 'like', '%/comics/Short Coins/Short Coins c001.cbz')
      .executeTakeFirstOrThrow();
    const { pay: _pay, price: _price, ...legacy } = JSON.parse(row.meta) as Record<string, unknown>;
    await ctx.db
      .updateTable('library_files')
      .set({ meta: JSON.stringify({ ...legacy, vip: true }) })
      .where('path', '=', row.path)
      .execute();
    // New chapters make the work derived again from all of its files, the unchanged one included.
    for (const n of [3, 4]) {
      await writeCbz(join(lib, `comics/Short Coins/Short Coins c00${n}.cbz`), {
        pages: 1,
        size: [40, 60],
        info: { Series: 'Short Coins', Number: String(n) },
      });
    }
    await importNow();
    expect(await payOf('Short Coins')).toMatchObject({ pay: 2, chapters: [0, 0, 0, 2] });
  });
});
