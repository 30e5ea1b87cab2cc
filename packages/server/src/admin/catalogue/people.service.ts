/**
 * Catalogue → a work's authors and tags, by name (the console autocompletes from the existing
 * ones; a new name creates the author or tag). Kept authors keep their roles and order; added ones
 * are writers after them. The app's author page and tag lists read work_authors / work_tags, so
 * they follow at the next request. One `work.people` audit row with the names before and after.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Audit } from '../admin-route.js';
import { AdminErrors } from '../admin-errors.js';

export interface PeopleEdit {
  authors?: string[];
  tags?: string[];
}

const SUGGESTIONS = 20;

function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export class PeopleAdminService {
  /** Existing author / tag names containing `q` (autocomplete). */
  async suggest(db: Database, table: 'authors' | 'tags', q: string) {
    let query = db.selectFrom(table).select(['id', 'name']);
    if (q) query = query.where(sql`lower(name)`, 'like', `%${q.toLowerCase()}%`);
    return query.orderBy('name').limit(SUGGESTIONS).execute();
  }

  async get(db: Database, workId: number) {
    const work = await db.selectFrom('works').select('id').where('id', '=', workId).executeTakeFirst();
    if (!work) throw AdminErrors.notFound('work');
    const authors = await db
      .selectFrom('work_authors')
      .innerJoin('authors', 'authors.id', 'work_authors.author_id')
      .select(['authors.id', 'authors.name', 'work_authors.role', 'work_authors.position'])
      .where('work_authors.work_id', '=', workId)
      .orderBy('work_authors.position')
      .orderBy('authors.id')
      .execute();
    const tags = await db
      .selectFrom('work_tags')
      .innerJoin('tags', 'tags.id', 'work_tags.tag_id')
      .select(['tags.id', 'tags.name'])
      .where('work_tags.work_id', '=', workId)
      .orderBy('tags.name')
      .execute();
    return {
      authors: uniqueNames(authors.map((a) => a.name)),
      authorRows: authors,
      tags: tags.map((t) => t.name),
    };
  }

  private async idFor(trx: Database, table: 'authors' | 'tags', name: string): Promise<number> {
    const found = await trx.selectFrom(table).select('id').where('name', '=', name).executeTakeFirst();
    if (found) return found.id;
    const made = await trx.insertInto(table).values({ name }).returning('id').executeTakeFirstOrThrow();
    return made.id;
  }

  async edit(trx: Database, audit: Audit, workId: number, input: PeopleEdit) {
    const before = await this.get(trx, workId);
    if (input.authors !== undefined) {
      const wanted = uniqueNames(input.authors);
      const keep = before.authorRows.filter((row) => wanted.includes(row.name));
      await trx.deleteFrom('work_authors').where('work_id', '=', workId).execute();
      const rows: { work_id: number; author_id: number; role: string; position: number }[] = [];
      for (const [position, name] of wanted.entries()) {
        const kept = keep.filter((row) => row.name === name);
        if (kept.length) {
          for (const row of kept) rows.push({ work_id: workId, author_id: row.id, role: row.role, position });
        } else {
          rows.push({
            work_id: workId,
            author_id: await this.idFor(trx, 'authors', name),
            role: 'writer',
            position,
          });
        }
      }
      if (rows.length) await trx.insertInto('work_authors').values(rows).execute();
    }
    if (input.tags !== undefined) {
      const wanted = uniqueNames(input.tags);
      await trx.deleteFrom('work_tags').where('work_id', '=', workId).execute();
      const ids: number[] = [];
      for (const name of wanted) ids.push(await this.idFor(trx, 'tags', name));
      if (ids.length) {
        await trx
          .insertInto('work_tags')
          .values(ids.map((tag_id) => ({ work_id: workId, tag_id })))
          .execute();
      }
    }
    const after = await this.get(trx, workId);
    await audit({
      action: 'work.people',
      targetType: 'work',
      targetId: workId,
      before: { authors: before.authors, tags: before.tags },
      after: { authors: after.authors, tags: after.tags },
    });
    return { authors: after.authors, tags: after.tags };
  }
}
