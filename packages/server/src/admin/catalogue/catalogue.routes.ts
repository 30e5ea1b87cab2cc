/** Catalogue section: works search / filter, a work with its chapters, edit (audit, caches emptied). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineAdminRoute } from '../admin-route.js';
import { idParams, pageQuery } from '../paging.js';

const TAG = 'console-catalogue';
const KIND = { comic: 0, novel: 1, anime: 2 } as const;

/** The app's home and search answers are cached; an edit must show at the next request. */
async function refreshAppCaches(app: FastifyInstance): Promise<void> {
  app.services.home.invalidate();
  await app.services.search.refreshIndex();
}

export const CATALOGUE_ROUTES = [
  defineAdminRoute({
    method: 'GET',
    url: '/catalogue/works',
    role: 'viewer',
    tag: TAG,
    summary: 'Search works by title; filter by kind, status, category, VIP and published.',
    query: pageQuery.extend({
      q: z.string().trim().max(100).optional(),
      kind: z.enum(['comic', 'novel', 'anime']).optional(),
      status: z.enum(['serial', 'finished']).optional(),
      categoryId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
      vip: z.enum(['0', '1']).optional(),
      published: z.enum(['0', '1']).optional(),
    }),
    async handler({ query, request }) {
      const { rows, total } = await request.server.services.admin.catalogue.search(
        {
          q: query.q || undefined,
          type: query.kind === undefined ? undefined : KIND[query.kind],
          isEnd: query.status === undefined ? undefined : query.status === 'finished' ? 1 : 0,
          categoryId: query.categoryId,
          vip: query.vip === undefined ? undefined : query.vip === '1',
          published: query.published === undefined ? undefined : Number(query.published),
        },
        query.page,
        query.pageSize,
      );
      return { data: rows, total };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/catalogue/categories',
    role: 'viewer',
    tag: TAG,
    summary: 'Every category (id, kind, name), for the filter and the edit form.',
    async handler({ request }) {
      const data = await request.server.services.admin.catalogue.categories();
      return { data, total: data.length };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/catalogue/works/:id',
    role: 'viewer',
    tag: TAG,
    summary: 'A work: its editable fields, pay mode with free-chapter count, and its chapters.',
    params: idParams,
    async handler({ params, request }) {
      return { data: await request.server.services.admin.catalogue.detail(request.server.db, params.id) };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/catalogue/works/:id',
    role: 'admin',
    tag: TAG,
    summary:
      'Edit a work (any subset): title, alternative titles, summary, status, score, categories, pay mode (free / coins / vip) and free-chapter count, coin price per chapter, published. Unpublished works leave the app’s lists, search and detail.',
    params: idParams,
    body: z
      .object({
        title: z.string().trim().min(1).max(200),
        altTitles: z.array(z.string().trim().min(1).max(200)).max(20),
        summary: z.string().max(5000),
        status: z.enum(['serial', 'finished']),
        score: z.number().min(0).max(10),
        categoryIds: z.array(z.number().int().positive().max(2_147_483_647)).max(20),
        pay: z.enum(['free', 'coins', 'vip']),
        freeChapters: z.number().int().min(0).max(100_000),
        chapterPrice: z.number().int().min(0).max(100_000),
        published: z.boolean(),
      })
      .partial()
      .strict(),
    async handler({ params, body, change, request }) {
      const data = await change((trx, audit) =>
        request.server.services.admin.catalogue.edit(trx, audit, params.id, body),
      );
      await refreshAppCaches(request.server);
      return { data };
    },
  }),
];
