/**
 * A synthetic catalogue of any size for the scale curve and bench:catalogue, written straight
 * into the database the server will use: works with the real-looking titles of catalogue-names.ts (the queries of
 * search-queries.ts find them), their authors, tags and category, and `chapters` chapters of
 * `pages` pages each. Works go in batches (unnest arrays on PostgreSQL, prepared statements in one
 * transaction per batch on SQLite); chapters and pages are made by the database itself with
 * INSERT … SELECT over a series, in ranges of works so progress can be printed.
 *
 * On PostgreSQL the session runs with `session_replication_role = replica`, so the catalogue's
 * triggers (search changes, the catalogue version, foreign keys) do not fire once per row: the
 * server's first search compares every work with its document anyway.
 */
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import {
  authorNames,
  CATEGORY_NAMES,
  mix,
  TAG_NAMES,
  titleOf,
  type GeneratedAuthor,
} from './catalogue-names.js';

export interface CatalogueShape {
  works: number;
  chapters: number;
  pages: number;
}

export interface GeneratedCatalogue {
  /** 200 chapters spread over the catalogue (the chapter read rotates over them). */
  chapterIds: number[];
  /** 200 works spread over the catalogue (detail and chapter list rotate over them). */
  workIds: number[];
  authors: GeneratedAuthor[];
  seconds: number;
}

const AUTHORS = 2_000;
const WORK_BATCH = 5_000;
/** Works whose chapters and pages one INSERT … SELECT writes. */
const CHAPTER_RANGE = 10_000;

const summaryOf = (w: number) => `第${w}部作品的简介。Work ${w} of the catalogue.`;
const coverOf = (w: number) => `aa/bb/${w.toString(16).padStart(64, '0')}_xfile.jpg`;

function progress(label: string, done: number, total: number, started: number): void {
  console.log(`  ${label}: ${done}/${total} works (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

export async function generatePostgres(
  databaseUrl: string,
  shape: CatalogueShape,
): Promise<GeneratedCatalogue> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('set session_replication_role = replica');
    await client.query('set synchronous_commit = off');
    const now = Math.floor(Date.now() / 1000);
    const ids = async (sqlText: string, values: unknown[]) =>
      (await client.query<{ id: number }>(sqlText, values)).rows.map((r) => Number(r.id));
    const categories = await ids(
      `insert into categories (type, name, sort) select 0, n, o - 1 from unnest($1::text[]) with ordinality t(n, o) order by o returning id`,
      [CATEGORY_NAMES],
    );
    const tags = await ids(
      `insert into tags (name) select n from unnest($1::text[]) with ordinality t(n, o) order by o returning id`,
      [TAG_NAMES],
    );
    const authors = authorNames(AUTHORS);
    const authorIds = await ids(
      `insert into authors (name) select n from unnest($1::text[]) with ordinality t(n, o) order by o returning id`,
      [authors.map((a) => a.name)],
    );
    const byLanguage = languageIndex(authors, authorIds);
    for (let from = 0; from < shape.works; from += WORK_BATCH) {
      const to = Math.min(shape.works, from + WORK_BATCH);
      const g: number[] = [];
      const titles: string[] = [];
      const alts: string[] = [];
      const writers: number[] = [];
      for (let w = from; w < to; w += 1) {
        const { language, title, altTitles } = titleOf(w);
        const ofLanguage = byLanguage.get(language)!;
        g.push(w);
        titles.push(title);
        alts.push(JSON.stringify(altTitles));
        writers.push(ofLanguage[mix(w, 61) % ofLanguage.length]!);
      }
      await client.query(
        `with t as (select * from unnest($1::int[], $2::text[], $3::text[], $4::int[]) as t(g, title, alt, author)),
         ins as (
           insert into works (type, title, alt_titles, summary, cover_key, cover_width, cover_height, is_end, pay,
             score_x10, source_key, chapter_count, latest_chapter_title, views_total, favorites_total, published,
             created_time, updated_time)
           select 0, title, alt, '第' || g || '部作品的简介。Work ' || g || ' of the catalogue.',
             'aa/bb/' || lpad(to_hex(g), 64, '0') || '_xfile.jpg', 360, 480, (g % 3 = 0)::int,
             case when g % 10 = 0 then 2 else 0 end, 50 + g % 50, 'bench/' || g, $5::int, '第' || $5::int || '话',
             (g::bigint * 7919) % 100000, g % 500, 1, $6::bigint, $6::bigint - g % 100000
           from t order by g returning id, source_key),
         wa as (insert into work_authors (work_id, author_id)
           select ins.id, t.author from ins join t on ins.source_key = 'bench/' || t.g),
         wt as (insert into work_tags (work_id, tag_id)
           select ins.id, tg from ins join t on ins.source_key = 'bench/' || t.g,
             unnest(array[($7::int[])[t.g % $8::int + 1], ($7::int[])[(t.g + 17) % $8::int + 1]]) tg)
         insert into work_categories (work_id, category_id)
           select ins.id, ($9::int[])[t.g % $10::int + 1] from ins join t on ins.source_key = 'bench/' || t.g`,
        [g, titles, alts, writers, shape.chapters, now, tags, tags.length, categories, categories.length],
      );
      if (to % 50_000 === 0 || to === shape.works) progress('works', to, shape.works, started);
    }
    const [{ first, last }] = (
      await client.query<{ first: number; last: number }>(
        'select min(id) as first, max(id) as last from works',
      )
    ).rows as [{ first: number; last: number }];
    for (let low = Number(first); low <= Number(last); low += CHAPTER_RANGE) {
      const high = Math.min(Number(last), low + CHAPTER_RANGE - 1);
      await client.query(
        `insert into chapters (work_id, sort_order, number, title, pay, page_count, source_path, created_time, updated_time)
         select w.id, c, (c + 1)::text, '第' || (c + 1) || '话', 0, $1::int, w.source_key || '/' || c, $2::bigint, $2::bigint
         from works w, generate_series(0, $3::int - 1) c where w.id between $4 and $5 order by w.id, c`,
        [shape.pages, now, shape.chapters, low, high],
      );
      await client.query(
        `insert into pages (chapter_id, page_index, media_key, width, height, bytes)
         select ch.id, p, 'cc/dd/' || lpad(to_hex(ch.id), 56, '0') || lpad(to_hex(p), 8, '0') || '_xfile.webp', 800, 1200, 150000
         from chapters ch, generate_series(0, $1::int - 1) p where ch.work_id between $2 and $3`,
        [shape.pages, low, high],
      );
      const done = Math.min(shape.works, high - Number(first) + 1);
      if (done % 20_000 === 0 || high === Number(last))
        progress('chapters and pages', done, shape.works, started);
    }
    await client.query('analyze');
    const { workIds, chapterIds } = await spreadIds(client, shape);
    return { chapterIds, workIds, authors, seconds: (Date.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

/** 200 works spread over the catalogue, and one chapter of each (the rotations of the calls). */
async function spreadIds(client: pg.Client, shape: CatalogueShape) {
  const ids = async (sqlText: string, values: unknown[]) =>
    (await client.query<{ id: number }>(sqlText, values)).rows.map((r) => Number(r.id));
  const [{ first }] = (await client.query<{ first: number }>('select min(id) as first from works')).rows as [
    { first: number },
  ];
  const step = Math.max(1, Math.floor(shape.works / 200));
  const workIds = await ids(`select id from works where (id - $1) % $2 = 0 order by id limit 200`, [
    first,
    step,
  ]);
  const chapterIds = await ids(
    `select c.id from chapters c where c.work_id = any($1::int[]) and c.sort_order = c.work_id % $2 order by c.id`,
    [workIds, shape.chapters],
  );
  return { workIds, chapterIds };
}

/**
 * A catalogue this module wrote before and kept (SCALE_KEEP), read again instead of written: the
 * same rotations, and generation time 0.
 */
export async function reusePostgres(databaseUrl: string, shape: CatalogueShape): Promise<GeneratedCatalogue> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return { ...(await spreadIds(client, shape)), authors: authorNames(AUTHORS), seconds: 0 };
  } finally {
    await client.end();
  }
}

export function generateSqlite(sqlitePath: string, shape: CatalogueShape): GeneratedCatalogue {
  const started = Date.now();
  const db = new SqliteDatabase(sqlitePath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  try {
    const now = Math.floor(Date.now() / 1000);
    const insertCategory = db.prepare('insert into categories (type, name, sort) values (0, ?, ?)');
    const categories = CATEGORY_NAMES.map((name, i) => Number(insertCategory.run(name, i).lastInsertRowid));
    const insertTag = db.prepare('insert into tags (name) values (?)');
    const tags = TAG_NAMES.map((name) => Number(insertTag.run(name).lastInsertRowid));
    const insertAuthor = db.prepare('insert into authors (name) values (?)');
    const authors = authorNames(AUTHORS);
    const byLanguage = languageIndex(
      authors,
      authors.map((a) => Number(insertAuthor.run(a.name).lastInsertRowid)),
    );
    const insertWork =
      db.prepare(`insert into works (type, title, alt_titles, summary, cover_key, cover_width, cover_height,
      is_end, pay, score_x10, source_key, chapter_count, latest_chapter_title, views_total, favorites_total,
      published, created_time, updated_time) values (0, ?, ?, ?, ?, 360, 480, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`);
    const insertWorkAuthor = db.prepare('insert into work_authors (work_id, author_id) values (?, ?)');
    const insertWorkTag = db.prepare('insert into work_tags (work_id, tag_id) values (?, ?)');
    const insertWorkCategory = db.prepare('insert into work_categories (work_id, category_id) values (?, ?)');
    const writeWorks = db.transaction((from: number, to: number) => {
      for (let w = from; w < to; w += 1) {
        const { language, title, altTitles } = titleOf(w);
        const workId = Number(
          insertWork.run(
            title,
            JSON.stringify(altTitles),
            summaryOf(w),
            coverOf(w),
            w % 3 === 0 ? 1 : 0,
            w % 10 === 0 ? 2 : 0,
            50 + (w % 50),
            `bench/${w}`,
            shape.chapters,
            `第${shape.chapters}话`,
            (w * 7919) % 100_000,
            w % 500,
            now,
            now - (w % 100_000),
          ).lastInsertRowid,
        );
        const ofLanguage = byLanguage.get(language)!;
        insertWorkAuthor.run(workId, ofLanguage[mix(w, 61) % ofLanguage.length]);
        insertWorkTag.run(workId, tags[w % tags.length]);
        insertWorkTag.run(workId, tags[(w + 17) % tags.length]);
        insertWorkCategory.run(workId, categories[w % categories.length]);
      }
    });
    for (let from = 0; from < shape.works; from += WORK_BATCH)
      writeWorks(from, Math.min(shape.works, from + WORK_BATCH));
    const { first, last } = db.prepare('select min(id) as first, max(id) as last from works').get() as {
      first: number;
      last: number;
    };
    const series = (n: number) =>
      `with recursive s(n) as (select 0 union all select n + 1 from s where n < ${n - 1})`;
    const insertChapters = db.prepare(`${series(shape.chapters)}
      insert into chapters (work_id, sort_order, number, title, pay, page_count, source_path, created_time, updated_time)
      select w.id, s.n, cast(s.n + 1 as text), '第' || (s.n + 1) || '话', 0, ?, w.source_key || '/' || s.n, ?, ?
      from works w, s where w.id between ? and ? order by w.id, s.n`);
    const insertPages = db.prepare(`${series(shape.pages)}
      insert into pages (chapter_id, page_index, media_key, width, height, bytes)
      select c.id, s.n, 'cc/dd/' || printf('%056x%08x', c.id, s.n) || '_xfile.webp', 800, 1200, 150000
      from chapters c, s where c.work_id between ? and ?`);
    const writeRange = db.transaction((low: number, high: number) => {
      insertChapters.run(shape.pages, now, now, low, high);
      insertPages.run(low, high);
    });
    for (let low = first; low <= last; low += CHAPTER_RANGE)
      writeRange(low, Math.min(last, low + CHAPTER_RANGE - 1));
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.exec('analyze');
    const step = Math.max(1, Math.floor(shape.works / 200));
    const workIds = (
      db.prepare('select id from works where (id - ?) % ? = 0 order by id limit 200').all(first, step) as {
        id: number;
      }[]
    ).map((r) => r.id);
    const chapterOf = db.prepare('select id from chapters where work_id = ? and sort_order = ?');
    const chapterIds = workIds.map((id) => (chapterOf.get(id, id % shape.chapters) as { id: number }).id);
    return { chapterIds, workIds, authors, seconds: (Date.now() - started) / 1000 };
  } finally {
    db.close();
  }
}

/** Author ids by language: a work's author writes in the work's language. */
function languageIndex(authors: GeneratedAuthor[], ids: number[]): Map<string, number[]> {
  const byLanguage = new Map<string, number[]>();
  authors.forEach((author, i) =>
    byLanguage.set(author.language, [...(byLanguage.get(author.language) ?? []), ids[i]!]),
  );
  return byLanguage;
}
