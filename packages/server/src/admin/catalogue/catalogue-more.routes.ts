/**
 * The console's catalogue, second part: a work's cover (upload or one of its pages), its authors and
 * tags, merging a duplicate into a work, the app's home banners and pinned recommendations, and
 * rebuilding the recommendations now.
 * Every change is one audited transaction; the app's home cache and search index are refreshed
 * after the commit, as for the first part's edits.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineAdminRoute } from '../admin-route.js';
import { idParams } from '../paging.js';
import { checkedUpload, COVER_MAX_BYTES, type MediaDeps } from './cover.service.js';
import { MAX_BANNERS, MAX_EXCLUDED, MAX_FOR_YOU, MAX_RECO } from './home-picks.service.js';

const TAG = 'console-catalogue';
const KIND = { comic: 0, novel: 1, anime: 2 } as const;
const id = z.number().int().positive().max(2_147_483_647);
/** base64 of the largest upload, plus room for a data: prefix. */
const IMAGE_BASE64_MAX = Math.ceil(COVER_MAX_BYTES / 3) * 4 + 4 * 1024;
/** The body limit is larger than the image limit, so an oversized picture gets the clear 400 (1708). */
const UPLOAD_BODY_LIMIT = 2 * IMAGE_BASE64_MAX;

const imageBody = z
  .object({
    image: z
      .string()
      .min(1)
      .max(2 * IMAGE_BASE64_MAX),
  })
  .strict();
const kindParams = z.object({ kind: z.enum(['comic', 'novel', 'anime']) });
const picksBody = z
  .object({
    banners: z
      .array(z.object({ workId: id, imageKey: z.string().max(255).default('') }).strict())
      .max(MAX_BANNERS),
    reco: z.array(id).max(MAX_RECO),
    /** Pinned to the top of "for you"; absent: left as saved. */
    forYou: z.array(id).max(MAX_FOR_YOU).optional(),
    /** Never recommended; absent: left as saved. */
    excluded: z.array(id).max(MAX_EXCLUDED).optional(),
  })
  .strict();

function mediaOf(app: FastifyInstance): MediaDeps {
  return { media: app.media, xorKey: app.config.imageXorKey };
}

async function refreshAppCaches(app: FastifyInstance): Promise<void> {
  app.services.home.invalidate();
  await app.services.search.refreshIndex();
}

export const CATALOGUE_MORE_ROUTES = [
  defineAdminRoute({
    method: 'GET',
    url: '/catalogue/works/:id/cover',
    role: 'viewer',
    tag: TAG,
    summary: 'A work’s current cover (key, size and a small thumbnail).',
    params: idParams,
    async handler({ params, request }) {
      const app = request.server;
      return { data: await app.services.admin.cover.current(app.db, mediaOf(app), params.id) };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/catalogue/works/:id/pages',
    role: 'viewer',
    tag: TAG,
    summary: 'The page picker: a work’s chapters and the pages of one (default the first) as thumbnails.',
    params: idParams,
    query: z.object({ chapterId: z.coerce.number().int().positive().max(2_147_483_647).optional() }),
    async handler({ params, query, request }) {
      const app = request.server;
      return {
        data: await app.services.admin.cover.pages(app.db, mediaOf(app), params.id, query.chapterId),
      };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/catalogue/works/:id/cover',
    role: 'admin',
    tag: TAG,
    summary:
      'Upload a new cover (base64 `image`, at most 5 MB and 40 million pixels; JPEG, PNG, WebP, GIF or AVIF, checked by content). Stored as imported covers are; the app shows it at once.',
    params: idParams,
    body: imageBody,
    bodyLimit: UPLOAD_BODY_LIMIT,
    async handler({ params, body, change, request }) {
      const app = request.server;
      const bytes = await checkedUpload(body.image);
      const data = await change((trx, audit) =>
        app.services.admin.cover.setCover(trx, audit, mediaOf(app), params.id, bytes, { source: 'upload' }),
      );
      await refreshAppCaches(app);
      return { data };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/catalogue/works/:id/cover',
    role: 'admin',
    tag: TAG,
    summary: 'Make one of the work’s pages its cover (a cover-sized rendition of that page).',
    params: idParams,
    body: z.object({ chapterId: id, pageIndex: z.number().int().min(0).max(100_000) }).strict(),
    async handler({ params, body, change, request }) {
      const app = request.server;
      const data = await change(async (trx, audit) => {
        const bytes = await app.services.admin.cover.pageBytes(
          trx,
          mediaOf(app),
          params.id,
          body.chapterId,
          body.pageIndex,
        );
        return app.services.admin.cover.setCover(trx, audit, mediaOf(app), params.id, bytes, {
          source: 'page',
          chapterId: body.chapterId,
          pageIndex: body.pageIndex,
        });
      });
      await refreshAppCaches(app);
      return { data };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/catalogue/authors',
    role: 'viewer',
    tag: TAG,
    summary: 'Existing author names containing `q` (autocomplete, at most 20).',
    query: z.object({ q: z.string().trim().max(100).default('') }),
    async handler({ query, request }) {
      const data = await request.server.services.admin.people.suggest(request.server.db, 'authors', query.q);
      return { data, total: data.length };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/catalogue/tags',
    role: 'viewer',
    tag: TAG,
    summary: 'Existing tag names containing `q` (autocomplete, at most 20).',
    query: z.object({ q: z.string().trim().max(100).default('') }),
    async handler({ query, request }) {
      const data = await request.server.services.admin.people.suggest(request.server.db, 'tags', query.q);
      return { data, total: data.length };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/catalogue/works/:id/people',
    role: 'viewer',
    tag: TAG,
    summary: 'A work’s author and tag names.',
    params: idParams,
    async handler({ params, request }) {
      const { authors, tags } = await request.server.services.admin.people.get(request.server.db, params.id);
      return { data: { authors, tags } };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/catalogue/works/:id/people',
    role: 'admin',
    tag: TAG,
    summary:
      'Set a work’s authors and / or tags by name (new names are created; kept authors keep their roles). The app’s author and tag pages follow.',
    params: idParams,
    body: z
      .object({
        authors: z.array(z.string().trim().min(1).max(255)).max(20),
        tags: z.array(z.string().trim().min(1).max(64)).max(30),
      })
      .partial()
      .strict(),
    async handler({ params, body, change, request }) {
      const app = request.server;
      const data = await change((trx, audit) => app.services.admin.people.edit(trx, audit, params.id, body));
      await refreshAppCaches(app);
      return { data };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/catalogue/home/:kind',
    role: 'viewer',
    tag: TAG,
    summary:
      'The operator’s banner works and pinned recommendations of a kind’s home (none: the automatic choice).',
    params: kindParams,
    async handler({ params, request }) {
      const app = request.server;
      return { data: await app.services.admin.homePicks.get(app.db, mediaOf(app), KIND[params.kind]) };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/catalogue/home/:kind/preview',
    role: 'viewer',
    tag: TAG,
    summary:
      'What the app’s home would show with these choices (banners with thumbnails, recommendations); nothing is saved.',
    params: kindParams,
    body: picksBody,
    async handler({ params, body, request, unchanged }) {
      const app = request.server;
      unchanged();
      return {
        data: await app.services.admin.homePicks.preview(
          app.db,
          mediaOf(app),
          app.services.home,
          KIND[params.kind],
          body,
        ),
      };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/catalogue/home/:kind',
    role: 'admin',
    tag: TAG,
    summary:
      'Save a kind’s banner works (in order, each with the work’s cover or an uploaded picture) and pinned recommended works; empty lists go back to the automatic choice. `forYou` (pinned to the top of “for you”) and `excluded` (never recommended) replace the saved lists when given.',
    params: kindParams,
    body: picksBody,
    async handler({ params, body, change, request }) {
      const app = request.server;
      const data = await change((trx, audit) =>
        app.services.admin.homePicks.save(trx, audit, mediaOf(app), KIND[params.kind], body),
      );
      app.services.home.invalidate();
      return { data };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/catalogue/recommendations/last-run',
    role: 'viewer',
    tag: TAG,
    summary:
      'The last finished rebuild of “for you” and “readers of this also read” (scheduled or asked for), on any instance; null before the first.',
    async handler({ request }) {
      return { data: await request.server.services.recommendations.builder.lastRun() };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/catalogue/recommendations/rebuild',
    role: 'admin',
    tag: TAG,
    summary:
      'Rebuild the recommendations now and answer when the run has finished, with its figures (works, pairs written, lists dropped, time taken). A run already under way on this instance is joined, not repeated; one on another instance holds the lease and the answer is `ran: false`.',
    async handler({ request, auditWith, unchanged }) {
      const app = request.server;
      const { result, joined } = app.services.recommendations.builder.start();
      const run = await result;
      // Only the call that started a run records it; a joined or refused call changed nothing.
      if (!run.ran || joined) unchanged();
      else {
        const { ran: _ran, ...figures } = run;
        await auditWith(app.db, {
          action: 'recommendation.rebuild',
          targetType: 'recommendations',
          targetId: 'all',
          after: figures,
        });
      }
      return { data: { ...run, joined, lastRun: await app.services.recommendations.builder.lastRun() } };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/catalogue/home/banner-image',
    role: 'admin',
    tag: TAG,
    summary:
      'Upload a banner picture (base64 `image`, checked like covers); answers its key for a banner of PUT /catalogue/home/:kind.',
    body: imageBody,
    bodyLimit: UPLOAD_BODY_LIMIT,
    async handler({ body, request, auditWith }) {
      const app = request.server;
      const bytes = await checkedUpload(body.image);
      const key = await app.services.admin.cover.storeBanner(mediaOf(app), bytes);
      // target_id holds 64 characters: the content hash names the picture; the key is in `after`.
      await auditWith(app.db, {
        action: 'home.banner_image',
        targetType: 'media',
        targetId: key.slice(key.lastIndexOf('/') + 1, key.lastIndexOf('/') + 65),
        after: { key, bytes: bytes.length },
      });
      return { data: { key } };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/catalogue/merge/preview',
    role: 'viewer',
    tag: TAG,
    summary:
      'What merging work B (mergeId) into A (keepId) would move: chapters appended / skipped as duplicates, shelves, history, comments, follows, unlocks (and those dropped as owned twice), stats days, ledger entries left as they are.',
    query: z.object({ keepId: z.coerce.number().pipe(id), mergeId: z.coerce.number().pipe(id) }),
    async handler({ query, request }) {
      const app = request.server;
      return { data: await app.services.admin.merge.preview(app.db, query.keepId, query.mergeId) };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/catalogue/merge',
    role: 'admin',
    tag: TAG,
    summary:
      'Merge duplicate work B (mergeId) into A (keepId), same kind only, in one transaction; B is hidden. The ledger is never rewritten.',
    body: z.object({ keepId: id, mergeId: id }).strict(),
    async handler({ body, change, request }) {
      const app = request.server;
      const data = await change((trx, audit) =>
        app.services.admin.merge.merge(trx, audit, body.keepId, body.mergeId),
      );
      await refreshAppCaches(app);
      return { data };
    },
  }),
];
