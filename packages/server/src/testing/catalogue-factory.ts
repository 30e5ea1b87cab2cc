/**
 * Builders for catalogue content in tests, the e2e seed and (without images) the benchmark. They
 * write real rows and, when given a media target, real small JPEGs stored XOR-encoded (`_xfile`)
 * under content-hashed keys, exactly as the importer stores them, so readers can fetch and decode.
 *
 *   const media = { store: app.media, xorKey: config.imageXorKey };
 *   const work = await buildWork(db, media, { title: '海贼王', authors: ['尾田荣一郎'], tags: ['冒险'] });
 *   const chapter = await buildChapter(db, { workId: work.id, title: '第1话', pay: 2 });
 *   await buildComicPages(db, media, chapter.id, { count: 3, width: 720, height: 1600 });
 *   await buildNovelChapter(db, { workId: novel.id, title: 'Chapter 1', text: 'Once upon a time…' });
 */
import { xorBytes } from '@dm51/shared';
import sharp from 'sharp';
import type { Database } from '../db/database.js';
import type { ChapterRow, PageRow, WorkRow } from '../db/schema.js';
import { contentMediaKey } from '../media/media-key.js';
import type { MediaStore } from '../media/media-store.js';

/** Where images go; null writes rows only (keys then point at nothing, fine for benchmarks). */
export type FactoryMedia = { store: MediaStore; xorKey: number } | null;

export interface WorkOverrides {
  /** A chosen id (the database's next one otherwise): a test of id ranges. */
  id?: number;
  type?: number;
  title?: string;
  altTitles?: string[];
  summary?: string;
  authors?: string[];
  tags?: string[];
  /** Category names of the work's type (created when missing). */
  categories?: string[];
  isEnd?: 0 | 1;
  pay?: number;
  /** Out of 10 with one decimal, e.g. 8.7. */
  score?: number;
  rtl?: 0 | 1;
  language?: string;
  published?: 0 | 1;
  viewsTotal?: number;
  favoritesTotal?: number;
  updatedTime?: number;
  /** Colour of the generated cover (CSS colour). */
  coverColor?: string;
}

let sequence = 0;
const nextSeq = () => (sequence += 1);
const now = () => Math.floor(Date.now() / 1000);
const PALETTE = ['#e85d75', '#4c8bf5', '#2bb673', '#f5a623', '#8e5cf7', '#16a5a5', '#ef6c3a', '#5b6b7f'];

/** An SVG rendered to JPEG: a coloured panel with a label, so screenshots show distinct images. */
async function renderJpeg(width: number, height: number, color: string, label: string): Promise<Buffer> {
  const safe = label.replace(/[<&>"]/g, '');
  const size = Math.round(Math.min(width, height) / 8);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#1d1d28"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 3}" r="${size * 1.5}" fill="#ffffff" fill-opacity="0.25"/>
    <text x="50%" y="55%" font-family="sans-serif" font-size="${size}" font-weight="bold" fill="#ffffff"
      text-anchor="middle">${safe}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
}

/** Stores JPEG bytes XOR-encoded under their content-hashed `_xfile.jpg` key. */
async function storeXfile(
  media: NonNullable<FactoryMedia>,
  jpeg: Buffer,
): Promise<{ key: string; bytes: number }> {
  const stored = Buffer.from(xorBytes(jpeg, media.xorKey));
  const key = contentMediaKey(stored, 'jpg', { xfile: true });
  await media.store.put(key, stored);
  return { key, bytes: stored.length };
}

async function idsByName(db: Database, table: 'authors' | 'tags', names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const found = await db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirst();
    ids.push(
      found?.id ?? (await db.insertInto(table).values({ name }).returning('id').executeTakeFirstOrThrow()).id,
    );
  }
  return ids;
}

async function categoryIds(db: Database, type: number, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const found = await db
      .selectFrom('categories')
      .select('id')
      .where('type', '=', type)
      .where('name', '=', name)
      .executeTakeFirst();
    ids.push(
      found?.id ??
        (
          await db
            .insertInto('categories')
            .values({ type, name, sort: 0 })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
    );
  }
  return ids;
}

/** A work with its authors, tags, categories and (with media) a 360×480 cover. */
export async function buildWork(
  db: Database,
  media: FactoryMedia,
  overrides: WorkOverrides = {},
): Promise<WorkRow> {
  const seq = nextSeq();
  const type = overrides.type ?? 0;
  const title = overrides.title ?? `Work ${seq}`;
  const time = overrides.updatedTime ?? now();
  let cover = { key: '', width: 0, height: 0 };
  if (media) {
    const color = overrides.coverColor ?? PALETTE[seq % PALETTE.length]!;
    const stored = await storeXfile(media, await renderJpeg(360, 480, color, title.slice(0, 12)));
    cover = { key: stored.key, width: 360, height: 480 };
  }
  const work = await db
    .insertInto('works')
    .values({
      ...(overrides.id === undefined ? {} : { id: overrides.id }),
      type,
      title,
      alt_titles: JSON.stringify(overrides.altTitles ?? []),
      summary: overrides.summary ?? `The story of ${title}.`,
      cover_key: cover.key,
      cover_width: cover.width,
      cover_height: cover.height,
      is_end: overrides.isEnd ?? 0,
      pay: overrides.pay ?? 0,
      score_x10: Math.round((overrides.score ?? 8) * 10),
      language: overrides.language ?? 'zh',
      rtl: overrides.rtl ?? 0,
      source_key: `factory/${type}/${seq}-${Math.random().toString(36).slice(2)}`,
      views_total: overrides.viewsTotal ?? 0,
      favorites_total: overrides.favoritesTotal ?? 0,
      published: overrides.published ?? 1,
      created_time: time,
      updated_time: time,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

  const authorIds = await idsByName(db, 'authors', overrides.authors ?? []);
  for (const [position, author_id] of authorIds.entries()) {
    await db
      .insertInto('work_authors')
      .values({ work_id: work.id, author_id, role: 'writer', position })
      .execute();
  }
  for (const tag_id of await idsByName(db, 'tags', overrides.tags ?? [])) {
    await db.insertInto('work_tags').values({ work_id: work.id, tag_id }).execute();
  }
  for (const category_id of await categoryIds(db, type, overrides.categories ?? [])) {
    await db.insertInto('work_categories').values({ work_id: work.id, category_id }).execute();
  }
  return work;
}

export interface ChapterOverrides {
  workId: number;
  title?: string;
  number?: string;
  pay?: number;
  priceCoins?: number;
}

/** The next chapter of a work (sort_order dense), keeping the work's chapter_count and latest title. */
export async function buildChapter(db: Database, overrides: ChapterOverrides): Promise<ChapterRow> {
  const last = await db
    .selectFrom('chapters')
    .select((eb) => eb.fn.max('sort_order').as('max'))
    .where('work_id', '=', overrides.workId)
    .executeTakeFirst();
  const sortOrder = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
  const title = overrides.title ?? `第${sortOrder + 1}话`;
  const time = now();
  const chapter = await db
    .insertInto('chapters')
    .values({
      work_id: overrides.workId,
      sort_order: sortOrder,
      number: overrides.number ?? String(sortOrder + 1),
      title,
      pay: overrides.pay ?? 0,
      price_coins: overrides.priceCoins ?? 0,
      source_path: `factory/chapter-${nextSeq()}`,
      created_time: time,
      updated_time: time,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .updateTable('works')
    .set({ chapter_count: sortOrder + 1, latest_chapter_title: title })
    .where('id', '=', overrides.workId)
    .execute();
  return chapter;
}

/** `count` tall JPEG pages for a comic chapter (rows, plus images when media is given). */
export async function buildComicPages(
  db: Database,
  media: FactoryMedia,
  chapterId: number,
  options: { count?: number; width?: number; height?: number } = {},
): Promise<PageRow[]> {
  const count = options.count ?? 3;
  const width = options.width ?? 720;
  const height = options.height ?? 1280;
  const pages: PageRow[] = [];
  for (let index = 0; index < count; index += 1) {
    let stored = { key: `factory/missing/c${chapterId}p${index}_xfile.jpg`, bytes: 0 };
    if (media) {
      const color = PALETTE[(chapterId + index) % PALETTE.length]!;
      stored = await storeXfile(media, await renderJpeg(width, height, color, `P${index + 1}`));
    }
    pages.push({
      chapter_id: chapterId,
      page_index: index,
      media_key: stored.key,
      width,
      height,
      bytes: stored.bytes,
    });
  }
  if (pages.length) await db.insertInto('pages').values(pages).execute();
  await db.updateTable('chapters').set({ page_count: count }).where('id', '=', chapterId).execute();
  return pages;
}

/** A novel chapter with its text (paragraphs split on blank lines become <p>). */
export async function buildNovelChapter(
  db: Database,
  overrides: ChapterOverrides & { text?: string },
): Promise<ChapterRow> {
  const chapter = await buildChapter(db, overrides);
  const text =
    overrides.text ??
    `${chapter.title}\n\n这是第${chapter.sort_order + 1}章的正文。\n\nThe end of the chapter.`;
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const html = text
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escape(paragraph.trim())}</p>`)
    .join('\n');
  await db.insertInto('novel_texts').values({ chapter_id: chapter.id, html, text }).execute();
  const words = [...text.matchAll(/[\u3400-\u9fff]|[A-Za-z0-9']+/g)].length;
  await db.updateTable('chapters').set({ word_count: words }).where('id', '=', chapter.id).execute();
  return { ...chapter, word_count: words };
}

/** Marks a user VIP until `until` (Unix seconds) directly: a test shortcut (the product moves VIP time through the ledger). */
export async function makeVip(db: Database, userId: number, until = now() + 30 * 86_400): Promise<void> {
  await db.updateTable('users').set({ vip: 1, viptime: until }).where('id', '=', userId).execute();
}
