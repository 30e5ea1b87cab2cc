/**
 * AI chat steps the browser test and the screenshot tour share: a novel whose chapters
 * name their characters, and AI credits given to a session through the real ledger (top-up, then
 * credits bought with the coins), on the server's own database (SQLite, or a cluster's PostgreSQL).
 */
import { join } from 'node:path';
import { LocalMediaStore } from '../../packages/server/src/media/local-media-store.js';
import { createDatabase } from '../../packages/server/src/db/database.js';
import { migrateToLatest } from '../../packages/server/src/db/migrator.js';
import { createMoneyServices } from '../../packages/server/src/services/money-services.js';
import { buildNovelChapter, buildWork } from '../../packages/server/src/testing/catalogue-factory.js';
import { topUp } from '../../packages/server/src/testing/money-factory.js';
import { seedCatalogue } from './seed-catalogue.js';
import { E2E_KEYS, type RunningServer } from './server.js';

export const CHAT_CHAPTERS = [
  'Mira walked into the old library at dusk, looking for the silver key her mother had hidden. "I am looking for the silver key," said Mira, and her voice echoed between the shelves. Tom laughed at her from the stairs. "Nobody has seen that key for years," Tom said.',
  'Tom showed Mira the map of the tower by candlelight. "The key is under the great bell, I am sure of it," whispered Tom. Mira folded the map and climbed the tower alone. "I will ring the bell when I find the silver key," Mira promised.',
  'At the top of the tower the wind was cold. Mira found the silver key wrapped in red cloth under the bell. "The key was waiting for me all along," Mira said, and she rang the bell for Tom.',
];

export interface ChatSeed {
  workId: number;
  chapterIds: number[];
}

export async function seedChatCatalogue(dataDir: string): Promise<ChatSeed> {
  await seedCatalogue(dataDir, { works: 1, chapters: 2, pages: 2, novels: 0 });
  const db = createDatabase({ databaseUrl: null, sqlitePath: join(dataDir, 'app.db') });
  try {
    await migrateToLatest(db);
    const media = { store: new LocalMediaStore(join(dataDir, 'media')), xorKey: E2E_KEYS.imageXorKey };
    const work = await buildWork(db, media, {
      type: 1,
      title: 'The Silver Key',
      language: 'en',
      summary: 'Mira searches an old town for the silver key her mother hid.',
      authors: ['Eleanor Reed'],
    });
    const chapterIds: number[] = [];
    for (const [index, text] of CHAT_CHAPTERS.entries()) {
      chapterIds.push(
        (await buildNovelChapter(db, { workId: work.id, title: `Chapter ${index + 1}`, text })).id,
      );
    }
    return { workId: work.id, chapterIds };
  } finally {
    await db.destroy();
  }
}

/**
 * Gives `userId` AI credits through the ledger (coins topped up, then spent on credits); no free
 * tries. Works on the running server's own database: its SQLite file, or a cluster's PostgreSQL.
 */
export async function giveCredits(server: RunningServer, userId: number, credits: number): Promise<void> {
  const db = createDatabase({
    databaseUrl: server.databaseUrl ?? null,
    sqlitePath: join(server.dataDir, 'app.db'),
  });
  try {
    const money = createMoneyServices(db, silentLog, {});
    await topUp(db, money, userId, { coins: credits * 3 });
    await money.ledger.transaction((tx) =>
      money.wallet.buyAiCredits(tx, userId, credits * 3, credits, {
        key: `e2e:ai:buy:${userId}:${Date.now()}`,
        title: 'AI credits',
      }),
    );
    await db
      .insertInto('settings')
      .values({ key: 'ai.free_daily', value: '0', updated_time: 0 })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '0' }))
      .execute();
  } finally {
    await db.destroy();
  }
}

const noop = () => {};
const silentLog = {
  level: 'silent',
  info: noop,
  warn: noop,
  error: noop,
  debug: noop,
  trace: noop,
  fatal: noop,
  silent: noop,
  child: () => silentLog,
} as unknown as Parameters<typeof createMoneyServices>[1];
