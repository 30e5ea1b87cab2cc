/**
 * The search index and search bookkeeping. Documents are lowercased text per field weight
 * (title + alternative titles, authors + tags, summary) in search_documents; SQLite matches with
 * an FTS5 trigram table (search_fts, rowid = work id), PostgreSQL with LIKE over a pg_trgm GIN
 * index. Both are substring matches, so Chinese needs no word segmentation; terms shorter than a
 * trigram fall back to LIKE on the same documents. Triggers on the source tables leave a row in
 * search_changes (migration 0008), so the service knows cheaply when the index may be stale.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../db/database.js';
import { isSqlite } from '../db/migrations/helpers.js';
import { CARD_COLUMNS, type WorkCardRow } from './catalogue.repository.js';
import type { MemoryDocument } from '../services/search-memory.js';
import { SEARCH_WEIGHTS } from '../services/search-ranking.js';

/**
 * The version of how documents are built (search-forms.ts: folding, pinyin lines; search-kana.ts:
 * kana folding, romaji lines; tag readings). A document of another version is stale and rebuilt at
 * the next check (migration 0033).
 */
export const SEARCH_FORMS_VERSION = 2;

export interface SearchDocument {
  work_id: number;
  type: number;
  title_text: string;
  people_text: string;
  summary_text: string;
  body: string;
  src_updated_time: number;
  src_title: string;
  src_alt_titles: string;
  src_summary_length: number;
  src_authors_sig: number;
  src_tags_sig: number;
  forms_version: number;
}

/** A work or an author offered as the reader types (search-suggest.ts). */
export interface SuggestSource {
  kind: 'title' | 'author';
  id: number;
  type: number;
  text: string;
  /** Views of the work, or of the author's published works together. */
  popularity: number;
  /** An author's kinds of published work, a bit per type (1 << type); a title's own type's bit. */
  kinds: number;
  /** A work's title lines as indexed (folded, alternative titles, pinyin); null: read them anew. */
  lines: string[] | null;
}

/** A cheap fingerprint of a work's author or tag set: count and sum of ids. */
export const setSignature = (ids: number[]) => ids.length * 1_000_003 + ids.reduce((a, b) => a + b, 0);

const TRIGRAM = 3;
/** Rows per insert statement when writing grams (SQLite allows 32,766 bound values). */
const GRAM_INSERT_BATCH = 5_000;
/**
 * When a query also has a long term, a short term drives the search only if its works are at most
 * this share of all documents; a commoner one (作品 in every title) leaves it to the trigram index.
 */
const SHORT_DRIVER_MAX_SHARE = 0.2;
/** Gram frequencies kept for planning (cleared whenever the index changes). */
const GRAM_COUNT_CACHE_MAX = 10_000;

/**
 * The distinct characters and pairs of adjacent characters (code points) of a document body that
 * a search term can ask for: none holding whitespace, since terms are split on it.
 */
export function gramsOf(body: string): string[] {
  const chars = [...body];
  const grams = new Set<string>();
  for (let i = 0; i < chars.length; i += 1) {
    const char = chars[i]!;
    if (/\s/u.test(char)) continue;
    grams.add(char);
    const next = chars[i + 1];
    if (next !== undefined && !/\s/u.test(next)) grams.add(char + next);
  }
  return [...grams];
}
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const like = (column: string, term: string) =>
  sql<SqlBool>`${sql.ref(column)} like ${likePattern(term)} escape '\\'`;
/**
 * `column` holds `term` (both lowercased). SQLite: instr, a plain substring search about a third
 * cheaper than LIKE's pattern matcher on every document a short term has to scan (no wildcards to
 * escape either). PostgreSQL: LIKE, which its pg_trgm GIN index serves.
 */
const contains = (sqlite: boolean, column: string, term: string) =>
  sqlite ? sql<SqlBool>`instr(${sql.ref(column)}, ${term}) > 0` : like(column, term);
/** Some line of the (newline-separated) title text holds `needle` at its start (`\n…`) or whole (`\n…\n`). */
const titleLineHolds = (sqlite: boolean, needle: string) => {
  const lines = sql`(${'\n'} || d.title_text || ${'\n'})`;
  return sqlite
    ? sql<SqlBool>`instr(${lines}, ${needle}) > 0`
    : sql<SqlBool>`strpos(${lines}, ${needle}) > 0`;
};

export class SearchRepository {
  private readonly sqlite: boolean;
  /** How many documents hold a gram, and how many documents there are: for choosing a driver. */
  private readonly gramCounts = new Map<string, number>();
  private documentCount: number | null = null;

  constructor(private readonly db: Database) {
    this.sqlite = isSqlite(db);
  }

  /** True when the catalogue changed since the last takeChanges (one index probe). */
  async hasChanges(): Promise<boolean> {
    const { rows } = await sql`select 1 as changed from search_changes limit 1`.execute(this.db);
    return rows.length > 0;
  }

  /**
   * Forgets the recorded changes. Only committed ones are deleted, so a comparison started after
   * this sees every change it forgot; one still in flight keeps its row for the next check.
   */
  async takeChanges(): Promise<void> {
    await sql`delete from search_changes`.execute(this.db);
  }

  /** The highest work id (0 with no works): where a pass over the works in id windows ends. */
  async lastWorkId(): Promise<number> {
    const row = await this.db
      .selectFrom('works')
      .select((eb) => eb.fn.max<number | null>('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  /**
   * Published works with ids in (`after`, `upTo`] whose document is missing or was built from other
   * values than theirs now, in id order. The window bounds the author and tag signatures too, so
   * each call reads a window's rows, not the whole catalogue's.
   */
  async staleWorkIds(limit: number, after: number, upTo: number): Promise<number[]> {
    const authorSig = this.db
      .selectFrom('work_authors')
      .where('work_id', '>', after)
      .where('work_id', '<=', upTo)
      // Distinct: one person can hold several roles on a work (writer and penciller), and the
      // document's signature is built from the set of authors. Counting roles here would call the
      // document stale forever and the re-index loop would never end.
      .select([
        'work_id',
        sql<number>`count(distinct author_id) * 1000003 + sum(distinct author_id)`.as('sig'),
      ])
      .groupBy('work_id')
      .as('a');
    const tagSig = this.db
      .selectFrom('work_tags')
      .where('work_id', '>', after)
      .where('work_id', '<=', upTo)
      .select(['work_id', sql<number>`count(*) * 1000003 + sum(tag_id)`.as('sig')])
      .groupBy('work_id')
      .as('t');
    const rows = await this.db
      .selectFrom('works')
      .leftJoin('search_documents as d', 'd.work_id', 'works.id')
      .leftJoin(authorSig, 'a.work_id', 'works.id')
      .leftJoin(tagSig, 't.work_id', 'works.id')
      .select('works.id')
      .where('works.published', '=', 1)
      .where('works.id', '>', after)
      .where('works.id', '<=', upTo)
      .where((eb) =>
        eb.or([
          eb('d.work_id', 'is', null),
          eb('d.type', '<>', eb.ref('works.type')),
          eb('d.src_updated_time', '<>', eb.ref('works.updated_time')),
          eb('d.src_title', '<>', eb.ref('works.title')),
          eb('d.src_alt_titles', '<>', eb.ref('works.alt_titles')),
          eb('d.src_summary_length', '<>', sql<number>`length(works.summary)`),
          eb('d.src_authors_sig', '<>', sql<number>`coalesce(a.sig, 0)`),
          eb('d.src_tags_sig', '<>', sql<number>`coalesce(t.sig, 0)`),
          eb('d.forms_version', '<>', SEARCH_FORMS_VERSION),
        ]),
      )
      .orderBy('works.id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** What a work's document is built from. */
  async sourcesOf(ids: number[]) {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('works')
      .select(['id', 'type', 'title', 'alt_titles', 'summary', 'updated_time'])
      .where('id', 'in', ids)
      .execute();
  }

  /** Documents of works that are gone or no longer published. */
  async removeOrphans(): Promise<number> {
    const orphans = await this.db
      .selectFrom('search_documents as d')
      .leftJoin('works', 'works.id', 'd.work_id')
      .select('d.work_id')
      .where((eb) => eb.or([eb('works.id', 'is', null), eb('works.published', '<>', 1)]))
      .execute();
    const ids = orphans.map((row) => row.work_id);
    if (ids.length) await this.deleteDocuments(ids);
    return ids.length;
  }

  private async deleteDocuments(ids: number[], trx: Database = this.db): Promise<void> {
    this.forgetCounts();
    await trx.deleteFrom('search_grams').where('work_id', 'in', ids).execute();
    await trx.deleteFrom('search_documents').where('work_id', 'in', ids).execute();
    if (this.sqlite) await sql`delete from search_fts where rowid in (${sql.join(ids)})`.execute(trx);
  }

  async upsertDocuments(docs: SearchDocument[]): Promise<void> {
    if (docs.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await this.deleteDocuments(
        docs.map((doc) => doc.work_id),
        trx,
      );
      await trx.insertInto('search_documents').values(docs).execute();
      const grams = docs.flatMap((doc) => gramsOf(doc.body).map((gram) => ({ gram, work_id: doc.work_id })));
      for (let from = 0; from < grams.length; from += GRAM_INSERT_BATCH)
        await trx
          .insertInto('search_grams')
          .values(grams.slice(from, from + GRAM_INSERT_BATCH))
          .execute();
      if (this.sqlite) {
        for (const doc of docs) {
          await sql`insert into search_fts (rowid, body) values (${doc.work_id}, ${doc.body})`.execute(trx);
        }
      }
    });
    this.forgetCounts();
  }

  private forgetCounts(): void {
    this.gramCounts.clear();
    this.documentCount = null;
  }

  /** How many documents hold `gram` (remembered until the index changes). */
  private async gramCount(gram: string): Promise<number> {
    const known = this.gramCounts.get(gram);
    if (known !== undefined) return known;
    const row = await this.db
      .selectFrom('search_grams')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('gram', '=', gram)
      .executeTakeFirstOrThrow();
    if (this.gramCounts.size >= GRAM_COUNT_CACHE_MAX) this.gramCounts.clear();
    this.gramCounts.set(gram, Number(row.n));
    return Number(row.n);
  }

  private async documents(): Promise<number> {
    if (this.documentCount === null) {
      const row = await this.db
        .selectFrom('search_documents')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      this.documentCount = Number(row.n);
    }
    return this.documentCount;
  }

  /**
   * The short term (under a trigram) whose works are fewest, and how many: the search starts from
   * its gram's works and checks every other term on those documents only.
   */
  private async rarestShortTerm(short: string[]): Promise<{ term: string; count: number } | null> {
    let best: { term: string; count: number } | null = null;
    for (const term of short) {
      const count = await this.gramCount(term);
      if (!best || count < best.count) best = { term, count };
    }
    return best;
  }

  /** How many documents the index holds (published works). */
  async documentTotal(): Promise<number> {
    return this.documents();
  }

  /** Every document of a published work with its views, for the in-memory search (search-memory.ts). */
  async memoryDocuments(): Promise<MemoryDocument[]> {
    const rows = await this.db
      .selectFrom('search_documents as d')
      .innerJoin('works', 'works.id', 'd.work_id')
      .select([
        'd.work_id',
        'd.type',
        'd.title_text',
        'd.people_text',
        'd.body',
        'works.views_total as views',
      ])
      .where('works.published', '=', 1)
      .orderBy('d.work_id')
      .execute();
    return rows.map((row) => ({ ...row, views: Number(row.views) }));
  }

  /** The view and favourite counts of the indexed works (the in-memory search's snapshot). */
  async documentCounters(): Promise<{ work_id: number; views: number; favorites: number }[]> {
    const rows = await this.db
      .selectFrom('search_documents as d')
      .innerJoin('works', 'works.id', 'd.work_id')
      .select(['d.work_id', 'works.views_total as views', 'works.favorites_total as favorites'])
      .execute();
    return rows.map((row) => ({
      work_id: row.work_id,
      views: Number(row.views),
      favorites: Number(row.favorites),
    }));
  }

  /** Whether some document's body holds `term` (a query word that none holds gets corrected). */
  async holds(term: string): Promise<boolean> {
    const { total } = await this.search([term], term, -1, 0, 1);
    return total > 0;
  }

  /** The title and people texts of every document: the typo vocabulary's words (search-typo.ts). */
  async vocabularyTexts(): Promise<string[]> {
    const rows = await this.db.selectFrom('search_documents').select(['title_text', 'people_text']).execute();
    return rows.flatMap((row) => [row.title_text, row.people_text]);
  }

  /**
   * The titles and authors offered as the reader types: published works and the authors of
   * published works, the `limit` most viewed of each.
   */
  async suggestSources(limit: number): Promise<SuggestSource[]> {
    const works = await this.db
      .selectFrom('works')
      .leftJoin('search_documents as d', 'd.work_id', 'works.id')
      .select(['works.id', 'works.type', 'works.title', 'works.views_total', 'd.title_text'])
      .where('works.published', '=', 1)
      .orderBy('works.views_total', 'desc')
      .orderBy('works.id', 'desc')
      .limit(limit)
      .execute();
    // Distinct pairs: one person can hold several roles on a work, counted once.
    const credits = this.db.selectFrom('work_authors').select(['author_id', 'work_id']).distinct().as('c');
    const authors = await this.db
      .selectFrom('authors')
      .innerJoin(credits, 'c.author_id', 'authors.id')
      .innerJoin('works', 'works.id', 'c.work_id')
      .select([
        'authors.id',
        'authors.name',
        sql<number>`cast(sum(works.views_total) as bigint)`.as('views'),
        sql<number>`max(case when works.type = 0 then 1 else 0 end) + max(case when works.type = 1 then 2 else 0 end) + max(case when works.type = 2 then 4 else 0 end)`.as(
          'kinds',
        ),
      ])
      .where('works.published', '=', 1)
      .groupBy(['authors.id', 'authors.name'])
      .orderBy('views', 'desc')
      .orderBy('authors.id', 'desc')
      .limit(limit)
      .execute();
    return [
      ...works.map((row) => ({
        kind: 'title' as const,
        id: row.id,
        type: row.type,
        text: row.title,
        popularity: Number(row.views_total),
        kinds: 1 << row.type,
        lines: row.title_text === null ? null : row.title_text.split('\n'),
      })),
      ...authors.map((row) => ({
        kind: 'author' as const,
        id: row.id,
        type: -1,
        text: row.name,
        popularity: Number(row.views),
        kinds: Number(row.kinds),
        lines: null,
      })),
    ];
  }

  /** Works matching every term (lowercased), best first: title, then people, then summary hits. */
  async search(
    terms: string[],
    phrase: string,
    type: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: WorkCardRow[]; total: number }> {
    const long = terms.filter((term) => [...term].length >= TRIGRAM);
    const short = terms.filter((term) => !long.includes(term));
    // Which index chooses the candidates: the rarest short term's grams, unless a long term is
    // there and that short term is common (then the trigram index is the narrower start).
    const rarest = await this.rarestShortTerm(short);
    const shortDrives =
      rarest !== null &&
      (long.length === 0 || rarest.count <= (await this.documents()) * SHORT_DRIVER_MAX_SHARE);
    const conditions: Expression<SqlBool>[] = [];
    if (rarest && shortDrives) {
      conditions.push(
        sql<SqlBool>`d.work_id in (select work_id from search_grams where gram = ${rarest.term})`,
      );
    } else if (this.sqlite && long.length) {
      const match = long.map((term) => `"${term.replace(/"/g, '""')}"`).join(' AND ');
      conditions.push(
        sql<SqlBool>`d.work_id in (select rowid from search_fts where search_fts match ${match})`,
      );
    }
    for (const term of terms) {
      if (rarest && shortDrives && term === rarest.term) continue;
      if (this.sqlite && !shortDrives && long.includes(term)) continue;
      conditions.push(contains(this.sqlite, 'd.body', term));
    }
    let base = this.db
      .selectFrom('search_documents as d')
      .innerJoin('works', 'works.id', 'd.work_id')
      .where('works.published', '=', 1)
      .where((eb) => eb.and(conditions));
    if (type >= 0) base = base.where('d.type', '=', type);

    const w = SEARCH_WEIGHTS;
    const weight = sql.join(
      terms.map(
        (term) =>
          sql`(case when ${contains(this.sqlite, 'd.title_text', term)} then ${sql.lit(w.title)} when ${contains(this.sqlite, 'd.people_text', term)} then ${sql.lit(w.people)} else ${sql.lit(w.body)} end)`,
      ),
      sql` + `,
    );
    // A title line starting with the phrase (and one that is the phrase) ranks above the rest.
    const lineBonus = sql`(case when ${titleLineHolds(this.sqlite, `\n${phrase}\n`)} then ${sql.lit(w.titlePrefix + w.titleExact)} when ${titleLineHolds(this.sqlite, `\n${phrase}`)} then ${sql.lit(w.titlePrefix)} else 0 end)`;
    const rank = sql<number>`(${weight}) + ${lineBonus}`;
    // One pass over the matches: rank and count them (a window count, taken before the limit), keep
    // the page's ids, and only then read the page's card columns, so the sort moves narrow rows.
    const page = base
      .select([
        'd.work_id',
        rank.as('relevance'),
        'works.views_total as views',
        sql<number>`count(*) over ()`.as('total'),
      ])
      .orderBy('relevance', 'desc')
      .orderBy('views', 'desc')
      .orderBy('d.work_id', 'desc')
      .limit(limit)
      .offset(offset);
    const found = await this.db
      .selectFrom(page.as('m'))
      .innerJoin('works', 'works.id', 'm.work_id')
      .select([...CARD_COLUMNS, 'm.relevance', 'm.total'])
      .orderBy('m.relevance', 'desc')
      .orderBy('m.views', 'desc')
      .orderBy('works.id', 'desc')
      .execute();
    const rows = found.map(({ total: _total, ...row }) => row);
    if (found.length > 0) return { rows, total: Number(found[0]!.total) };
    if (offset === 0) return { rows, total: 0 };
    // Past the last page: the window had no row to carry the count.
    const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { rows, total: Number(count.n) };
  }

  /**
   * Remembers a user's search; counts the user once per day for the keyword in the popular
   * searches. Keeps the user's 20 newest keywords.
   */
  async recordSearch(
    userId: number,
    keyword: string,
    time: number,
    day: number,
    options: { keep: number; popular: boolean },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const previous = await trx
        .selectFrom('search_history')
        .select('searched_time')
        .where('user_id', '=', userId)
        .where('keyword', '=', keyword)
        .executeTakeFirst();
      await trx
        .insertInto('search_history')
        .values({ user_id: userId, keyword, searched_time: time })
        .onConflict((oc) => oc.columns(['user_id', 'keyword']).doUpdateSet({ searched_time: time }))
        .execute();
      if (options.popular && (!previous || Math.floor(Number(previous.searched_time) / 86_400) < day)) {
        await trx
          .insertInto('search_stats_daily')
          .values({ keyword, day, users: 1 })
          .onConflict((oc) =>
            oc.columns(['keyword', 'day']).doUpdateSet({ users: sql`search_stats_daily.users + 1` }),
          )
          .execute();
      }
      const kept = await trx
        .selectFrom('search_history')
        .select('keyword')
        .where('user_id', '=', userId)
        .orderBy('searched_time', 'desc')
        .orderBy('keyword')
        .limit(options.keep)
        .execute();
      await trx
        .deleteFrom('search_history')
        .where('user_id', '=', userId)
        .where(
          'keyword',
          'not in',
          kept.map((row) => row.keyword),
        )
        .execute();
    });
  }

  async history(userId: number, limit: number) {
    return this.db
      .selectFrom('search_history')
      .select(['keyword', 'searched_time'])
      .where('user_id', '=', userId)
      .orderBy('searched_time', 'desc')
      .orderBy('keyword')
      .limit(limit)
      .execute();
  }

  async clearHistory(userId: number): Promise<void> {
    await this.db.deleteFrom('search_history').where('user_id', '=', userId).execute();
  }

  async hot(sinceDay: number, limit: number): Promise<{ keyword: string; count: number }[]> {
    const rows = await this.db
      .selectFrom('search_stats_daily')
      .select(['keyword', sql<number>`cast(sum(users) as bigint)`.as('count')])
      .where('day', '>=', sinceDay)
      .groupBy('keyword')
      .orderBy('count', 'desc')
      .orderBy('keyword')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ keyword: row.keyword, count: Number(row.count) }));
  }
}
