/**
 * Catalogue → Merge duplicates: work B (the duplicate) into work A (kept), in one transaction.
 *
 * - Chapters: B's chapters are appended after A's in their order, except duplicates (same volume
 *   and number, else same title, else same source file) which stay with B; whatever pointed at a
 *   duplicate (history, unlocks) points at A's matching chapter instead.
 * - Shelves (favorites), follows, series auto-unlock and "not interested": moved where the reader
 *   has none on A (a reader with both keeps A's). Reading history: the newer place wins.
 * - Unlocks (chapter_unlocks) move to A (work_id, and the chapter for duplicates); where a reader
 *   owned the chapter in both, A's row is kept (carrying the coins of both, so unlock records
 *   still add up to what the ledger shows as redeemed) and B's dropped. The ledger is never touched: its
 *   entries keep naming the work and chapter they were posted for, so every balance and sum stays.
 * - Comments, messages, AI chat lines and daily stats (summed per day) move; views add up,
 *   favourites are recounted; B's tags, categories and authors are added to A.
 * - B is hidden (published = 0) and keeps only its duplicate chapters; the app has no redirect for
 *   a vanished work, so B's old links answer "not found" like any unpublished work.
 * One `work.merge` audit row on A with what moved.
 */
import type { Database } from '../../db/database.js';
import { nowSeconds } from '../../db/database.js';
import type { Audit } from '../admin-route.js';
import { AdminErrors } from '../admin-errors.js';

interface ChapterKeyRow {
  id: number;
  sort_order: number;
  number: string;
  volume: string;
  title: string;
  source_path: string;
}

function chapterKey(c: ChapterKeyRow): string | null {
  if (c.number) return `n:${c.volume}:${c.number}`;
  if (c.title) return `t:${c.title}`;
  return null;
}

export interface MergePlan {
  keep: { id: number; title: string; type: number; chapters: number };
  merge: { id: number; title: string; type: number; chapters: number };
  chaptersMoved: number;
  chaptersSkipped: number;
  favorites: number;
  history: number;
  comments: number;
  follows: number;
  unlocks: number;
  unlocksDropped: number;
  statsDays: number;
  /** Ledger entries naming B: they stay as they are. */
  ledgerEntries: number;
}

const count = (rows: { n: number | string | bigint }[]) => Number(rows[0]?.n ?? 0);

export class MergeAdminService {
  private async pair(db: Database, keepId: number, mergeId: number) {
    if (keepId === mergeId) throw AdminErrors.invalid('A work cannot be merged into itself');
    const works = await db
      .selectFrom('works')
      .select(['id', 'type', 'title', 'published'])
      .where('id', 'in', [keepId, mergeId])
      .execute();
    const keep = works.find((w) => w.id === keepId);
    const merge = works.find((w) => w.id === mergeId);
    if (!keep || !merge) throw AdminErrors.notFound(`work ${!keep ? keepId : mergeId}`);
    if (keep.type !== merge.type) throw AdminErrors.invalid('Only works of the same kind can be merged');
    return { keep, merge };
  }

  /** B's chapters split into appended ones and duplicates of A's (B chapter id → A chapter id). */
  private async chapterPlan(db: Database, keepId: number, mergeId: number) {
    const columns = ['id', 'sort_order', 'number', 'volume', 'title', 'source_path'] as const;
    const [ours, theirs] = await Promise.all([
      db.selectFrom('chapters').select(columns).where('work_id', '=', keepId).orderBy('sort_order').execute(),
      db
        .selectFrom('chapters')
        .select(columns)
        .where('work_id', '=', mergeId)
        .orderBy('sort_order')
        .execute(),
    ]);
    const byKey = new Map<string, number>();
    const bySource = new Map<string, number>();
    for (const c of ours) {
      const key = chapterKey(c);
      if (key && !byKey.has(key)) byKey.set(key, c.id);
      bySource.set(c.source_path, c.id);
    }
    const duplicates = new Map<number, number>();
    const appended: ChapterKeyRow[] = [];
    for (const c of theirs) {
      const key = chapterKey(c);
      const twin = (key ? byKey.get(key) : undefined) ?? bySource.get(c.source_path);
      if (twin !== undefined) duplicates.set(c.id, twin);
      else {
        appended.push(c);
        if (key) byKey.set(key, c.id);
      }
    }
    return { ours, theirs, appended, duplicates };
  }

  async preview(db: Database, keepId: number, mergeId: number): Promise<MergePlan> {
    const { keep, merge } = await this.pair(db, keepId, mergeId);
    const plan = await this.chapterPlan(db, keepId, mergeId);
    const countOf = async (
      table:
        'favorites' | 'reading_history' | 'comments' | 'follows' | 'chapter_unlocks' | 'work_stats_daily',
    ) =>
      count(
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('work_id', '=', mergeId)
          .execute(),
      );
    const dropped = await this.doubleUnlocks(db, keepId, mergeId, plan.duplicates);
    const ledger = count(
      await db
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('work_id', '=', mergeId)
        .execute(),
    );
    const unlocks = await countOf('chapter_unlocks');
    return {
      keep: { id: keep.id, title: keep.title, type: keep.type, chapters: plan.ours.length },
      merge: { id: merge.id, title: merge.title, type: merge.type, chapters: plan.theirs.length },
      chaptersMoved: plan.appended.length,
      chaptersSkipped: plan.duplicates.size,
      favorites: await countOf('favorites'),
      history: await countOf('reading_history'),
      comments: await countOf('comments'),
      follows: await countOf('follows'),
      unlocks: unlocks - dropped.length,
      unlocksDropped: dropped.length,
      statsDays: await countOf('work_stats_daily'),
      ledgerEntries: ledger,
    };
  }

  /** B's unlocks of duplicate chapters whose reader already owns A's twin: (user, B chapter). */
  private async doubleUnlocks(
    db: Database,
    keepId: number,
    mergeId: number,
    duplicates: Map<number, number>,
  ) {
    if (duplicates.size === 0) return [];
    const rows = await db
      .selectFrom('chapter_unlocks')
      .select(['user_id', 'chapter_id', 'coins'])
      .where('work_id', '=', mergeId)
      .where('chapter_id', 'in', [...duplicates.keys()])
      .execute();
    if (rows.length === 0) return [];
    const owned = await db
      .selectFrom('chapter_unlocks')
      .select(['user_id', 'chapter_id'])
      .where('work_id', '=', keepId)
      .where('chapter_id', 'in', [...new Set(duplicates.values())])
      .execute();
    const has = new Set(owned.map((o) => `${o.user_id}:${o.chapter_id}`));
    return rows.filter((r) => has.has(`${r.user_id}:${duplicates.get(r.chapter_id)}`));
  }

  async merge(trx: Database, audit: Audit, keepId: number, mergeId: number) {
    const plan = await this.preview(trx, keepId, mergeId);
    const chapters = await this.chapterPlan(trx, keepId, mergeId);
    const now = nowSeconds();

    // Chapters: appended after A's, in B's order.
    const start = chapters.ours.length ? Math.max(...chapters.ours.map((c) => c.sort_order)) + 1 : 0;
    for (const [i, c] of chapters.appended.entries()) {
      await trx
        .updateTable('chapters')
        .set({ work_id: keepId, sort_order: start + i, updated_time: now })
        .where('id', '=', c.id)
        .execute();
    }
    await trx
      .updateTable('library_files')
      .set({ work_id: keepId })
      .where('work_id', '=', mergeId)
      .where((eb) =>
        eb.or([
          eb('chapter_id', 'is', null),
          eb('chapter_id', 'in', chapters.appended.map((c) => c.id).concat(-1)),
        ]),
      )
      .execute();

    // Unlocks: drop B's where the reader owns A's twin, then move (duplicates to the twin).
    for (const d of await this.doubleUnlocks(trx, keepId, mergeId, chapters.duplicates)) {
      // The kept record carries what both cost, so unlock records still add up to the coins the
      // ledger shows as redeemed (the ledger itself is not touched).
      await trx
        .updateTable('chapter_unlocks')
        .set((eb) => ({ coins: eb('coins', '+', d.coins) }))
        .where('user_id', '=', d.user_id)
        .where('chapter_id', '=', chapters.duplicates.get(d.chapter_id)!)
        .execute();
      await trx
        .deleteFrom('chapter_unlocks')
        .where('user_id', '=', d.user_id)
        .where('chapter_id', '=', d.chapter_id)
        .execute();
    }
    for (const [from, to] of chapters.duplicates) {
      await trx
        .updateTable('chapter_unlocks')
        .set({ chapter_id: to })
        .where('chapter_id', '=', from)
        .execute();
      await trx
        .updateTable('reading_history')
        .set({ chapter_id: to })
        .where('work_id', '=', mergeId)
        .where('chapter_id', '=', from)
        .execute();
    }
    await trx
      .updateTable('chapter_unlocks')
      .set({ work_id: keepId })
      .where('work_id', '=', mergeId)
      .execute();

    // Per-reader rows keyed (user, work): A's wins where a reader has both.
    for (const table of ['favorites', 'follows', 'auto_unlocks', 'reco_hidden'] as const) {
      await trx
        .deleteFrom(table)
        .where('work_id', '=', mergeId)
        .where('user_id', 'in', (eb) => eb.selectFrom(table).select('user_id').where('work_id', '=', keepId))
        .execute();
      await trx.updateTable(table).set({ work_id: keepId }).where('work_id', '=', mergeId).execute();
    }
    // History: the newer reading place wins.
    const theirs = await trx
      .selectFrom('reading_history')
      .select(['user_id', 'updated_time'])
      .where('work_id', '=', mergeId)
      .execute();
    if (theirs.length) {
      const ours = await trx
        .selectFrom('reading_history')
        .select(['user_id', 'updated_time'])
        .where('work_id', '=', keepId)
        .where(
          'user_id',
          'in',
          theirs.map((h) => h.user_id),
        )
        .execute();
      for (const o of ours) {
        const t = theirs.find((h) => h.user_id === o.user_id)!;
        const loser = Number(t.updated_time) > Number(o.updated_time) ? keepId : mergeId;
        await trx
          .deleteFrom('reading_history')
          .where('user_id', '=', o.user_id)
          .where('work_id', '=', loser)
          .execute();
      }
      await trx
        .updateTable('reading_history')
        .set({ work_id: keepId })
        .where('work_id', '=', mergeId)
        .execute();
    }

    // Community and AI lines follow the work.
    await trx.updateTable('comments').set({ work_id: keepId }).where('work_id', '=', mergeId).execute();
    await trx.updateTable('messages').set({ work_id: keepId }).where('work_id', '=', mergeId).execute();
    await trx
      .updateTable('ai_chat_messages')
      .set({ work_id: keepId })
      .where('work_id', '=', mergeId)
      .execute();

    // Daily stats summed per day.
    const stats = await trx
      .selectFrom('work_stats_daily')
      .selectAll()
      .where('work_id', '=', mergeId)
      .execute();
    for (const s of stats) {
      const moved = await trx
        .updateTable('work_stats_daily')
        .set((eb) => ({ views: eb('views', '+', s.views), favorites: eb('favorites', '+', s.favorites) }))
        .where('work_id', '=', keepId)
        .where('day', '=', s.day)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) {
        await trx
          .insertInto('work_stats_daily')
          .values({ work_id: keepId, day: s.day, views: s.views, favorites: s.favorites })
          .execute();
      }
    }
    await trx.deleteFrom('work_stats_daily').where('work_id', '=', mergeId).execute();

    // Tags, categories and authors of B that A lacks.
    const [tagsA, tagsB] = await Promise.all(
      [keepId, mergeId].map((id) =>
        trx.selectFrom('work_tags').select('tag_id').where('work_id', '=', id).execute(),
      ),
    );
    const newTags = tagsB!.filter((t) => !tagsA!.some((a) => a.tag_id === t.tag_id));
    if (newTags.length) {
      await trx
        .insertInto('work_tags')
        .values(newTags.map((t) => ({ work_id: keepId, tag_id: t.tag_id })))
        .execute();
    }
    const [catsA, catsB] = await Promise.all(
      [keepId, mergeId].map((id) =>
        trx.selectFrom('work_categories').select('category_id').where('work_id', '=', id).execute(),
      ),
    );
    const newCats = catsB!.filter((c) => !catsA!.some((a) => a.category_id === c.category_id));
    if (newCats.length) {
      await trx
        .insertInto('work_categories')
        .values(newCats.map((c) => ({ work_id: keepId, category_id: c.category_id })))
        .execute();
    }
    const [authorsA, authorsB] = await Promise.all(
      [keepId, mergeId].map((id) =>
        trx
          .selectFrom('work_authors')
          .select(['author_id', 'role', 'position'])
          .where('work_id', '=', id)
          .execute(),
      ),
    );
    const newAuthors = authorsB!.filter(
      (b) => !authorsA!.some((a) => a.author_id === b.author_id && a.role === b.role),
    );
    if (newAuthors.length) {
      const base = authorsA!.length ? Math.max(...authorsA!.map((a) => a.position)) + 1 : 0;
      await trx
        .insertInto('work_authors')
        .values(
          newAuthors.map((a, i) => ({
            work_id: keepId,
            author_id: a.author_id,
            role: a.role,
            position: base + i,
          })),
        )
        .execute();
    }

    // Home choices naming B now name A (unless A is already there).
    await trx
      .deleteFrom('home_picks')
      .where('work_id', '=', mergeId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('home_picks as other')
            .select('other.id')
            .whereRef('other.kind', '=', 'home_picks.kind')
            .whereRef('other.slot', '=', 'home_picks.slot')
            .where('other.work_id', '=', keepId),
        ),
      )
      .execute();
    await trx.updateTable('home_picks').set({ work_id: keepId }).where('work_id', '=', mergeId).execute();

    // A's counters, and B hidden with only its duplicate chapters.
    await this.recount(trx, keepId, now);
    const b = await trx
      .selectFrom('works')
      .select('views_total')
      .where('id', '=', mergeId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('works')
      .set((eb) => ({ views_total: eb('views_total', '+', Number(b.views_total)) }))
      .where('id', '=', keepId)
      .execute();
    await this.recount(trx, mergeId, now);
    await trx.updateTable('works').set({ published: 0, views_total: 0 }).where('id', '=', mergeId).execute();

    await audit({
      action: 'work.merge',
      targetType: 'work',
      targetId: keepId,
      before: { keep: plan.keep, merge: plan.merge },
      after: { ...plan, mergedInto: keepId, hidden: mergeId },
    });
    return plan;
  }

  /** chapter_count, latest chapter title and favourites of a work from its rows. */
  private async recount(trx: Database, workId: number, now: number) {
    const chapters = await trx
      .selectFrom('chapters')
      .select(['title', 'sort_order'])
      .where('work_id', '=', workId)
      .orderBy('sort_order', 'desc')
      .execute();
    const favorites = count(
      await trx
        .selectFrom('favorites')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('work_id', '=', workId)
        .execute(),
    );
    await trx
      .updateTable('works')
      .set({
        chapter_count: chapters.length,
        latest_chapter_title: chapters[0]?.title ?? '',
        favorites_total: favorites,
        updated_time: now,
      })
      .where('id', '=', workId)
      .execute();
  }
}
