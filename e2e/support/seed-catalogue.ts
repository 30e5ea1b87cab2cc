/**
 * Fills a data folder with a small, realistic catalogue for browser tests: the SQLite database at
 * `<dataDir>/app.db` (migrated) and the media under `<dataDir>/media`, with real XOR-encoded JPEG
 * covers and pages (key E2E_KEYS.imageXorKey, what startServer runs with).
 *
 *   const dataDir = mkdtempSync(join(tmpdir(), 'dm51-e2e-'));
 *   const seeded = await seedCatalogue(dataDir, { works: 6, novels: 3 });
 *   const server = await startServer({ DATA_DIR: dataDir });
 *   // seeded.comics[0].chapters[0].id, seeded.novels[0].title, seeded.comics[0].author ...
 *   await server.stop(); rmSync(dataDir, { recursive: true, force: true });
 *
 * What you get (deterministic for the same options):
 * - `works` comics (default 6), each with `chapters` chapters (default 3) of `pages` tall pages
 *   (default 4 pages of 720×1600); the LAST chapter of every comic with 3+ chapters is VIP (pay 2).
 *   Comic 0 is '星海旅人' by '林夏' (alt title 'Star Sea Traveller', tags 热血/冒险, category 少年),
 *   comic 1 is '雨夜咖啡馆' by 'Mika Stone'; the others cycle through the table below.
 * - `novels` novels (default 3) with `novelChapters` chapters (default 3) whose text mixes Chinese
 *   and English paragraphs (long enough to scroll); the last chapter is VIP when there are 3+.
 * - Coin works (`coinComics` / `coinNovels`, default 0): the LAST comics / novels that many are coin
 *   works instead: their last chapter (3+ chapters) is a coin chapter (pay 1), unlocked with coins,
 *   and the work's `chapter_price` is `coinPrice` (default 0: the kind's default price). Their
 *   works.pay stays 0, as the importer leaves it (coin works are not VIP works).
 * - Scores descend from 9.6 in steps of 0.3 in creation order; comic 0 is finished (完结).
 * The server must not be running on the folder while it is seeded.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createDatabase } from '../../packages/server/src/db/database.js';
import { migrateToLatest } from '../../packages/server/src/db/migrator.js';
import { LocalMediaStore } from '../../packages/server/src/media/local-media-store.js';
import {
  buildChapter,
  buildComicPages,
  buildNovelChapter,
  buildWork,
} from '../../packages/server/src/testing/catalogue-factory.js';
import { E2E_KEYS } from './server.js';

export interface SeedOptions {
  /** Number of comics (default 6). */
  works?: number;
  /** Chapters per comic (default 3). */
  chapters?: number;
  /** Pages per comic chapter (default 4). */
  pages?: number;
  pageWidth?: number;
  pageHeight?: number;
  /** Number of novels (default 3). */
  novels?: number;
  novelChapters?: number;
  /** How many comics, counted from the last, are coin works (default 0). */
  coinComics?: number;
  /** How many novels, counted from the last, are coin works (default 0). */
  coinNovels?: number;
  /** works.chapter_price of the coin works (default 0: the kind's default from settings). */
  coinPrice?: number;
  /** XOR key of the stored images (default E2E_KEYS.imageXorKey). */
  xorKey?: number;
}

export interface SeededChapter {
  id: number;
  title: string;
  /** 0 free, 1 coin chapter, 2 VIP. */
  pay: number;
  pages: number;
}

export interface SeededWork {
  id: number;
  type: 0 | 1;
  title: string;
  altTitle: string;
  author: string;
  tags: string[];
  category: string;
  summary: string;
  /** A coin work: its paid chapter is a coin chapter (pay 1) rather than VIP. */
  coins: boolean;
  /** works.chapter_price (0: the kind's default). */
  chapterPrice: number;
  chapters: SeededChapter[];
}

export interface SeededCatalogue {
  comics: SeededWork[];
  novels: SeededWork[];
}

const COMICS = [
  { title: '星海旅人', alt: 'Star Sea Traveller', author: '林夏', tags: ['热血', '冒险'], category: '少年' },
  {
    title: '雨夜咖啡馆',
    alt: 'Rainy Night Cafe',
    author: 'Mika Stone',
    tags: ['治愈', '日常'],
    category: '少女',
  },
  { title: '机甲黎明', alt: 'Mecha Dawn', author: '陈默', tags: ['科幻', '热血'], category: '少年' },
  {
    title: '山海奇谈',
    alt: 'Tales of Mountains and Seas',
    author: '白鹿',
    tags: ['奇幻', '古风'],
    category: '青年',
  },
  {
    title: '月光学园',
    alt: 'Moonlight Academy',
    author: 'Mika Stone',
    tags: ['校园', '恋爱'],
    category: '少女',
  },
  { title: '龙城少年', alt: 'Dragon City Boys', author: '林夏', tags: ['热血', '格斗'], category: '少年' },
];
const NOVELS = [
  {
    title: '剑来风雪',
    alt: 'Sword of Wind and Snow',
    author: '苏木',
    tags: ['武侠', '江湖'],
    category: '武侠',
  },
  {
    title: 'The Quiet Lighthouse',
    alt: '寂静灯塔',
    author: 'Eleanor Reed',
    tags: ['悬疑', 'Mystery'],
    category: '悬疑',
  },
  {
    title: '长街旧梦',
    alt: 'Old Dreams of the Long Street',
    author: '苏木',
    tags: ['都市', '言情'],
    category: '都市',
  },
];

function novelText(title: string, chapter: number): string {
  const paragraphs: string[] = [];
  for (let i = 1; i <= 24; i += 1) {
    paragraphs.push(
      i % 2 === 1
        ? `第${chapter}章第${i}段。夜色渐深，${title}的故事在风里继续。灯火映着长街，远处传来隐约的钟声，他停下脚步，回头望了一眼来时的路。`
        : `Paragraph ${i} of chapter ${chapter}. The wind carried the story of ${title} further into the night; lamps glowed along the long street, and somewhere a bell rang.`,
    );
  }
  return paragraphs.join('\n\n');
}

/** The last chapter of a work with 3+ chapters is paid: a coin chapter in a coin work, else VIP. */
function chapterPay(index: number, count: number, coins: boolean): number {
  if (count < 3 || index !== count - 1) return 0;
  return coins ? 1 : 2;
}

export async function seedCatalogue(dataDir: string, options: SeedOptions = {}): Promise<SeededCatalogue> {
  mkdirSync(dataDir, { recursive: true });
  const db = createDatabase({ databaseUrl: null, sqlitePath: join(dataDir, 'app.db') });
  const media = {
    store: new LocalMediaStore(join(dataDir, 'media')),
    xorKey: options.xorKey ?? E2E_KEYS.imageXorKey,
  };
  const chapterCount = options.chapters ?? 3;
  const novelChapterCount = options.novelChapters ?? 3;
  const comicCount = options.works ?? 6;
  const novelCount = options.novels ?? 3;
  const coinPrice = options.coinPrice ?? 0;
  /** Coin works get their price; the others keep the default 0. */
  const priceWork = async (workId: number, coins: boolean): Promise<number> => {
    if (!coins || coinPrice === 0) return 0;
    await db.updateTable('works').set({ chapter_price: coinPrice }).where('id', '=', workId).execute();
    return coinPrice;
  };
  let score = 9.6;
  const nextScore = () => {
    const value = Math.max(5, Math.round(score * 10) / 10);
    score -= 0.3;
    return value;
  };
  try {
    await migrateToLatest(db);
    const comics: SeededWork[] = [];
    for (let index = 0; index < comicCount; index += 1) {
      const spec = COMICS[index % COMICS.length]!;
      const round = Math.floor(index / COMICS.length);
      const title = round ? `${spec.title} ${round + 1}` : spec.title;
      const summary = `${title}：${spec.alt}. 一段关于${spec.tags.join('与')}的故事。`;
      const work = await buildWork(db, media, {
        title,
        altTitles: [spec.alt],
        authors: [spec.author],
        tags: spec.tags,
        categories: [spec.category],
        summary,
        score: nextScore(),
        isEnd: index === 0 ? 1 : 0,
      });
      const coins = index >= comicCount - (options.coinComics ?? 0);
      const chapterPrice = await priceWork(work.id, coins);
      const chapters: SeededChapter[] = [];
      for (let c = 0; c < chapterCount; c += 1) {
        const pay = chapterPay(c, chapterCount, coins);
        const chapter = await buildChapter(db, { workId: work.id, pay });
        const pages = options.pages ?? 4;
        await buildComicPages(db, media, chapter.id, {
          count: pages,
          width: options.pageWidth ?? 720,
          height: options.pageHeight ?? 1600,
        });
        chapters.push({ id: chapter.id, title: chapter.title, pay, pages });
      }
      comics.push({
        id: work.id,
        type: 0,
        title,
        altTitle: spec.alt,
        author: spec.author,
        tags: spec.tags,
        category: spec.category,
        summary,
        coins,
        chapterPrice,
        chapters,
      });
    }

    const novels: SeededWork[] = [];
    for (let index = 0; index < novelCount; index += 1) {
      const spec = NOVELS[index % NOVELS.length]!;
      const round = Math.floor(index / NOVELS.length);
      const title = round ? `${spec.title} ${round + 1}` : spec.title;
      const summary = `${title} (${spec.alt}): ${spec.tags.join(' / ')}.`;
      const work = await buildWork(db, media, {
        type: 1,
        title,
        altTitles: [spec.alt],
        authors: [spec.author],
        tags: spec.tags,
        categories: [spec.category],
        summary,
        score: nextScore(),
      });
      const coins = index >= novelCount - (options.coinNovels ?? 0);
      const chapterPrice = await priceWork(work.id, coins);
      const chapters: SeededChapter[] = [];
      for (let c = 0; c < novelChapterCount; c += 1) {
        const pay = chapterPay(c, novelChapterCount, coins);
        const chapterTitle = `第${c + 1}章 Chapter ${c + 1}`;
        const chapter = await buildNovelChapter(db, {
          workId: work.id,
          pay,
          title: chapterTitle,
          text: novelText(title, c + 1),
        });
        chapters.push({ id: chapter.id, title: chapterTitle, pay, pages: 0 });
      }
      novels.push({
        id: work.id,
        type: 1,
        title,
        altTitle: spec.alt,
        author: spec.author,
        tags: spec.tags,
        category: spec.category,
        summary,
        coins,
        chapterPrice,
        chapters,
      });
    }
    return { comics, novels };
  } finally {
    await db.destroy();
  }
}
