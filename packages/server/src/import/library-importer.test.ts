import { mkdirSync, mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { xorBytes } from '@dm51/shared';
import iconv from 'iconv-lite';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { chaptersOfWork, workTitled } from './testing/catalogue-rows.js';
import { writeCbz, writeEpub, writeVideo } from './testing/library-fixtures.js';
import { importInto } from '../testing/import-into.js';

let ctx: TestApp;
let lib: string;

const importNow = () => importInto(ctx, lib);

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of ctx.app.media.keys()) keys.push(key);
  return keys.sort();
}

async function referencedKeys(): Promise<string[]> {
  const rows = [
    ...(await ctx.db.selectFrom('pages').select('media_key as k').execute()),
    ...(await ctx.db.selectFrom('chapter_media').select('media_key as k').execute()),
    ...(await ctx.db.selectFrom('works').select('cover_key as k').where('cover_key', '!=', '').execute()),
    ...(await ctx.db.selectFrom('videos').select('poster_key as k').where('poster_key', '!=', '').execute()),
  ];
  return [...new Set(rows.map((r) => r.k))].sort();
}

const work = (title: string) => workTitled(ctx.db, title);
const chaptersOf = (workId: number) => chaptersOfWork(ctx.db, workId);

beforeAll(async () => {
  ctx = await buildTestApp();
  lib = mkdtempSync(join(tmpdir(), 'dm51-lib-'));
  const info = {
    Series: 'Star Harbor',
    Writer: 'Lin Qiu',
    Penciller: 'Mo Ran',
    Genre: 'Action, Sci-Fi',
    Tags: 'space, crew',
    LanguageISO: 'zh',
    Manga: 'YesAndRightToLeft',
    Summary: 'A harbour among the stars.',
    Notes: 'status: finished\npay: vip\nscore: 8.7',
  };
  // Written out of order on purpose: reading order comes from the numbers, not the disk.
  await writeCbz(join(lib, 'comics/Star Harbor/Star Harbor v01 c010.cbz'), {
    pages: 2,
    info: { ...info, Number: '10', Volume: '1' },
  });
  await writeCbz(join(lib, 'comics/Star Harbor/Star Harbor v01 c002.cbz'), {
    pages: 3,
    info: { ...info, Number: '2', Volume: '1' },
  });
  await writeCbz(join(lib, 'comics/Star Harbor/Star Harbor v01 c001.cbz'), {
    pages: 4,
    info: { ...info, Number: '1', Volume: '1' },
    size: [1600, 2400],
  });
  await writeCbz(join(lib, 'comics/Star Harbor/Star Harbor c011.cbz'), {
    pages: 2,
    info: { ...info, Number: '11' },
  });
  await writeCbz(join(lib, 'comics/Lonely Robot Ch.3.cbz'), { pages: 2 });
  mkdirSync(join(lib, 'comics/Paper Moon [完结]/Chapter 1'), { recursive: true });
  for (let i = 1; i <= 3; i++) {
    const page = await sharp({ create: { width: 50, height: 70, channels: 3, background: '#abc' } })
      .jpeg()
      .toBuffer();
    writeFileSync(join(lib, `comics/Paper Moon [完结]/Chapter 1/${String(i).padStart(2, '0')}.jpg`), page);
  }
  await writeEpub(join(lib, 'novels/The Tide Clock/The Tide Clock.epub'), {
    title: 'The Tide Clock',
    author: 'Ada Vale',
    subjects: ['Fantasy', 'Adventure'],
    chapters: [
      { title: 'Low Water', body: '<p>The clock ran on tides.</p>' },
      { title: 'High Water', body: '<p>Then the sea came back.</p>' },
    ],
  });
  writeFileSync(join(lib, 'novels/The Tide Clock/.complete'), '');
  writeFileSync(
    join(lib, 'novels/山海手记.txt'),
    iconv.encode('第一章 出发\n我们在清晨出发。\n\n第二章 渡河\n河水很急。\n', 'gb18030'),
  );
  writeVideo(join(lib, 'anime/Signal Garden/Signal Garden - 02.mp4'));
  writeVideo(join(lib, 'anime/Signal Garden/Signal Garden - 01.mp4'));
  writeFileSync(
    join(lib, 'anime/Signal Garden/Signal Garden - 01.zh.srt'),
    '1\n00:00:00,000 --> 00:00:01,000\n你好\n',
  );
  writeFileSync(join(lib, 'anime/Signal Garden/notes.pdf'), '%PDF-1.4');
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  rmSync(lib, { recursive: true, force: true });
});

describe('importing a library', () => {
  it('turns series folders, loose files and every kind into works with ordered chapters', async () => {
    const summary = await importNow();
    expect(summary.failed).toEqual([
      { path: 'anime/Signal Garden/notes.pdf', reason: 'unsupported file type: .pdf (in an anime folder)' },
    ]);
    expect(summary.works).toMatchObject({ added: 6, updated: 0, removed: 0 });
    expect(summary.chapters).toMatchObject({ added: 4 + 1 + 1 + 2 + 2 + 2, failed: 1 });

    const harbor = await work('Star Harbor');
    expect(harbor).toMatchObject({
      type: 0,
      rtl: 1,
      language: 'zh',
      is_end: 1,
      pay: 2,
      score_x10: 87,
      chapter_count: 4,
    });
    expect(harbor.summary).toBe('A harbour among the stars.');
    const chapters = await chaptersOf(harbor.id);
    expect(chapters.map((c) => [c.sort_order, c.volume, c.number, c.page_count])).toEqual([
      [0, '1', '1', 4],
      [1, '1', '2', 3],
      [2, '1', '10', 2],
      [3, '', '11', 2],
    ]);
    expect(harbor.latest_chapter_title).toBe(chapters[3]!.title);
    // VIP works keep a free preview.
    expect(chapters.map((c) => c.pay)).toEqual([0, 0, 0, 2]);

    const authors = await ctx.db
      .selectFrom('work_authors')
      .innerJoin('authors', 'authors.id', 'work_authors.author_id')
      .select(['authors.name', 'work_authors.role'])
      .where('work_id', '=', harbor.id)
      .orderBy('position')
      .execute();
    expect(authors).toEqual([
      { name: 'Lin Qiu', role: 'writer' },
      { name: 'Mo Ran', role: 'penciller' },
    ]);
    const tags = await ctx.db
      .selectFrom('work_tags')
      .innerJoin('tags', 'tags.id', 'work_tags.tag_id')
      .select('tags.name')
      .where('work_id', '=', harbor.id)
      .execute();
    expect(tags.map((t) => t.name).sort()).toEqual(['Action', 'Sci-Fi', 'crew', 'space']);
    const categories = await ctx.db
      .selectFrom('work_categories')
      .innerJoin('categories', 'categories.id', 'work_categories.category_id')
      .select(['categories.name', 'categories.type'])
      .where('work_id', '=', harbor.id)
      .execute();
    expect(categories.map((c) => c.name)).toEqual(['热血', '科幻']);

    // Pages: web renditions no wider than 1080, XOR-encoded, under content-hashed _xfile keys.
    const first = await ctx.db
      .selectFrom('pages')
      .selectAll()
      .where('chapter_id', '=', chapters[0]!.id)
      .orderBy('page_index')
      .execute();
    expect(first).toHaveLength(4);
    expect(first[0]).toMatchObject({ width: 1080, height: 1620 });
    expect(first[0]!.media_key).toMatch(/^lib\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}_xfile\.webp$/);
    const stored = await ctx.app.media.get(first[0]!.media_key);
    const decoded = Buffer.from(xorBytes(stored!, ctx.config.imageXorKey));
    expect(await sharp(decoded).metadata()).toMatchObject({ format: 'webp', width: 1080, height: 1620 });
    expect(first[0]!.bytes).toBe(stored!.length);
    expect(harbor.cover_key).toMatch(/_xfile\.webp$/);
    expect(harbor.cover_width).toBe(360);

    const loose = await work('Lonely Robot');
    expect((await chaptersOf(loose.id)).map((c) => c.number)).toEqual(['3']);
    const paper = await work('Paper Moon');
    expect(paper.is_end).toBe(1);
    const paperChapter = (await chaptersOf(paper.id))[0]!;
    expect(paperChapter).toMatchObject({ page_count: 3 });
    // Reading-size JPEG pages are kept byte for byte (no re-encoding), still XOR-encoded.
    const paperPages = await ctx.db
      .selectFrom('pages')
      .selectAll()
      .where('chapter_id', '=', paperChapter.id)
      .execute();
    expect(paperPages[0]!.media_key).toMatch(/_xfile\.jpg$/);
    expect(paperPages[0]).toMatchObject({ width: 50, height: 70 });

    const tide = await work('The Tide Clock');
    expect(tide).toMatchObject({ type: 1, is_end: 1, language: 'en' });
    const tideChapters = await chaptersOf(tide.id);
    expect(tideChapters.map((c) => c.title)).toEqual(['Low Water', 'High Water']);
    const text = await ctx.db
      .selectFrom('novel_texts')
      .selectAll()
      .where('chapter_id', '=', tideChapters[0]!.id)
      .executeTakeFirstOrThrow();
    expect(text.text).toContain('The clock ran on tides.');
    expect(text.html).toMatch(/<img src="\/media\/lib\/[0-9a-f/]+_xfile\.webp"/);
    expect(tideChapters[0]!.word_count).toBeGreaterThan(5);

    const shan = await work('山海手记');
    expect((await chaptersOf(shan.id)).map((c) => [c.number, c.title])).toEqual([
      ['1', '第一章 出发'],
      ['2', '第二章 渡河'],
    ]);

    const garden = await work('Signal Garden');
    expect(garden.type).toBe(2);
    const episodes = await chaptersOf(garden.id);
    expect(episodes.map((e) => e.number)).toEqual(['1', '2']);
    const video = await ctx.db
      .selectFrom('videos')
      .selectAll()
      .where('chapter_id', '=', episodes[0]!.id)
      .executeTakeFirstOrThrow();
    expect(video).toMatchObject({ width: 160, height: 120, video_codec: 'h264' });
    expect(video.duration_ms).toBeGreaterThan(1500);
    expect(JSON.parse(video.subtitles)).toEqual([
      {
        path: join(lib, 'anime/Signal Garden/Signal Garden - 01.zh.srt'),
        format: 'srt',
        language: 'zh',
        embedded: false,
      },
    ]);
    expect(video.poster_key).toMatch(/_xfile\.webp$/);
    expect(garden.cover_key).not.toBe('');

    // Every stored object is referenced and recorded.
    expect(await storedKeys()).toEqual(await referencedKeys());
    const recorded = (await ctx.db.selectFrom('media_objects').select('key').execute())
      .map((r) => r.key)
      .sort();
    expect(recorded).toEqual(await storedKeys());
  });

  it('adds nothing and opens nothing when run again on an unchanged library', async () => {
    const before = await ctx.db.selectFrom('chapters').select(['id', 'updated_time']).orderBy('id').execute();
    const summary = await importNow();
    expect(summary.files.imported).toBe(0);
    expect(summary.works).toMatchObject({ added: 0, updated: 0, removed: 0, unchanged: 6 });
    expect(summary.chapters).toMatchObject({ added: 0, updated: 0, removed: 0, unchanged: 12 });
    expect(summary.worksReport).toEqual([]);
    expect(
      await ctx.db.selectFrom('chapters').select(['id', 'updated_time']).orderBy('id').execute(),
    ).toEqual(before);
  });

  it('re-imports only a changed file, keeping its chapter id, and drops its replaced pages', async () => {
    const harbor = await work('Star Harbor');
    const [, second] = await chaptersOf(harbor.id);
    const oldKeys = (
      await ctx.db.selectFrom('pages').select('media_key').where('chapter_id', '=', second!.id).execute()
    ).map((p) => p.media_key);
    const path = join(lib, 'comics/Star Harbor/Star Harbor v01 c002.cbz');
    await writeCbz(path, {
      pages: 5,
      size: [70, 100],
      info: { Series: 'Star Harbor', Number: '2', Volume: '1', Genre: 'Action' },
    });
    utimesSync(path, new Date(), new Date(Date.now() + 5000));
    const summary = await importNow();
    expect(summary.files.imported).toBe(1);
    expect(summary.chapters).toMatchObject({ added: 0, updated: 1, removed: 0 });
    expect(summary.worksReport).toEqual([
      expect.objectContaining({
        title: 'Star Harbor',
        kind: 'comic',
        rtl: true,
        chapters: [{ number: '2', volume: '1', title: 'Vol.1 Ch.2', pages: 5 }],
      }),
    ]);
    const after = await chaptersOf(harbor.id);
    expect(after[1]).toMatchObject({ id: second!.id, page_count: 5, sort_order: 1 });
    // Pages shared with other chapters stay; the rest of the replaced ones are collected.
    const stored = await storedKeys();
    const referenced = await referencedKeys();
    const dropped = oldKeys.filter((key) => !referenced.includes(key));
    expect(dropped.length).toBeGreaterThan(0);
    for (const key of dropped) expect(stored).not.toContain(key);
    expect(stored).toEqual(referenced);
  });

  it('tells the followers of a work about its new chapters, and nobody else', async () => {
    const harbor = await work('Star Harbor');
    const time = Math.floor(Date.now() / 1000);
    const { user: follower } = await ctx.app.services.guests.init({
      deviceid: 'follower',
      facility: 'Linux_h5',
    });
    const { user: bystander } = await ctx.app.services.guests.init({
      deviceid: 'bystander',
      facility: 'Linux_h5',
    });
    await ctx.db
      .insertInto('follows')
      .values({ user_id: follower.id, work_id: harbor.id, created_time: time })
      .execute();
    await writeCbz(join(lib, 'comics/Star Harbor/Star Harbor v01 c009.cbz'), {
      pages: 2,
      size: [60, 90],
      info: { Series: 'Star Harbor', Number: '9', Volume: '1' },
    });
    const summary = await importNow();
    expect(summary.chapters.added).toBe(1);
    const messagesFor = (userId: number) =>
      ctx.db.selectFrom('messages').selectAll().where('user_id', '=', userId).execute();
    const received = await messagesFor(follower.id);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ work_id: harbor.id, title: 'Star Harbor' });
    expect(await messagesFor(bystander.id)).toHaveLength(0);
    unlinkSync(join(lib, 'comics/Star Harbor/Star Harbor v01 c009.cbz'));
    await importNow();
  });

  it('removes a deleted file, and a work whose last file went', async () => {
    unlinkSync(join(lib, 'comics/Star Harbor/Star Harbor v01 c010.cbz'));
    unlinkSync(join(lib, 'comics/Lonely Robot Ch.3.cbz'));
    const summary = await importNow();
    expect(summary.files.removed).toBe(2);
    expect(summary.works).toMatchObject({ removed: 1, updated: 1 });
    expect(summary.chapters.removed).toBe(2);
    const harbor = await work('Star Harbor');
    const chapters = await chaptersOf(harbor.id);
    expect(chapters.map((c) => [c.sort_order, c.number])).toEqual([
      [0, '1'],
      [1, '2'],
      [2, '11'],
    ]);
    expect(harbor.chapter_count).toBe(3);
    expect(
      await ctx.db.selectFrom('works').select('id').where('title', '=', 'Lonely Robot').execute(),
    ).toEqual([]);
    expect(await storedKeys()).toEqual(await referencedKeys());
  });
});
