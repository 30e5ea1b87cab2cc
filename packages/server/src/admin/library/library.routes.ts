/** Library section: folders, scan / full rescan, live job progress, run history, transcode queue. */
import { z } from 'zod';
import { defineAdminRoute } from '../admin-route.js';
import { idParams, pageQuery } from '../paging.js';
import { LIBRARY_FOLDER_ROUTES } from './library-folders.routes.js';

const TAG = 'console-library';

export const LIBRARY_ROUTES = [
  defineAdminRoute({
    method: 'GET',
    url: '/library/folders',
    role: 'viewer',
    tag: TAG,
    summary:
      'The library folders: LIBRARY_DIR first, then every folder in use (added here or registered by the importer), with kind, watching, file and work counts and the last run.',
    async handler({ request }) {
      return { data: await request.server.services.admin.library.folders.folders() };
    },
  }),
  ...LIBRARY_FOLDER_ROUTES,
  defineAdminRoute({
    method: 'GET',
    url: '/library/jobs',
    role: 'viewer',
    tag: TAG,
    summary:
      'Import jobs of every server instance (the newest 50), newest first: state, percent, current file, and when done the counts and failures with reasons.',
    async handler({ request }) {
      const data = await request.server.services.admin.library.jobs();
      return { data, total: data.length };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/library/jobs/:id',
    role: 'viewer',
    tag: TAG,
    summary: 'One import job (the console polls it every second while it runs).',
    params: idParams,
    async handler({ params, request }) {
      return { data: await request.server.services.admin.library.job(params.id) };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/library/scan',
    role: 'admin',
    tag: TAG,
    summary:
      'Start an import of a known folder (`libraryId`; LIBRARY_DIR when omitted). `full` re-reads every file instead of skipping unchanged ones. A folder already queued is not queued twice.',
    body: z.object({
      libraryId: z.number().int().positive().max(2_147_483_647).optional(),
      full: z.boolean().default(false),
    }),
    async handler({ body, change, request }) {
      const library = request.server.services.admin.library;
      const scan = await change((trx, audit) => library.prepareScan(trx, audit, body));
      return { data: await library.enqueue(scan, body.full) };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/library/runs',
    role: 'viewer',
    tag: TAG,
    summary:
      'Import history (import_runs, every process): status, times, counts and failures; of one folder with `libraryId`.',
    query: pageQuery.extend({ libraryId: z.coerce.number().int().positive().max(2_147_483_647).optional() }),
    async handler({ query, request }) {
      const { rows, total } = await request.server.services.admin.library.runs(
        query.page,
        query.pageSize,
        query.libraryId,
      );
      return { data: rows, total };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/library/transcodes',
    role: 'viewer',
    tag: TAG,
    summary: 'The transcode queue: video episodes waiting, processing, ready or failed (with the reason).',
    query: pageQuery.extend({ status: z.enum(['waiting', 'processing', 'ready', 'failed']).optional() }),
    async handler({ query, request }) {
      const { rows, total } = await request.server.services.admin.library.transcodes(
        { status: query.status },
        query.page,
        query.pageSize,
      );
      return { data: rows, total };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/library/transcodes/:id/retry',
    role: 'admin',
    tag: TAG,
    summary: 'Put a failed episode (chapter id) back in the transcode queue.',
    params: idParams,
    async handler({ params, change, request }) {
      const result = await change((trx, audit) =>
        request.server.services.admin.library.retryTranscode(trx, audit, params.id),
      );
      request.server.services.transcode.poke();
      return result;
    },
  }),
];
