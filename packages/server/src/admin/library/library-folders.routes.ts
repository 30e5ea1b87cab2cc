/**
 * Library folders from the console: add (checked on the server, then scanned at once), change the
 * content kind or watching, remove (with its works only when asked). Admin only, every change
 * audited; the scan or removal run is queued once the change has committed.
 */
import { z } from 'zod';
import { IMPORT_KINDS, type ImportKind } from '../../import/import-types.js';
import { defineAdminRoute } from '../admin-route.js';
import { idParams } from '../paging.js';

const TAG = 'console-library';
/** null: the layout (`comics/`, `novels/`, `anime/`) and each file say what it is. */
const kind = z.enum(IMPORT_KINDS as [ImportKind, ...ImportKind[]]).nullable();

export const LIBRARY_FOLDER_ROUTES = [
  defineAdminRoute({
    method: 'POST',
    url: '/library/folders',
    role: 'admin',
    tag: TAG,
    summary:
      'Add a library folder by its absolute path on the server (a readable folder outside DATA_DIR, not a library already nor inside or around one), then scan it. `kind` is what it holds when its layout does not say.',
    body: z.object({
      path: z.string().trim().min(1).max(1024),
      kind: kind.default(null),
      watch: z.boolean().default(true),
    }),
    async handler({ body, change, request }) {
      const library = request.server.services.admin.library;
      const added = await change((trx, audit) => library.folders.add(trx, audit, body));
      await library.refreshWatch();
      const job = await library.enqueue({ root: added.root, keepWhenEmpty: true }, false);
      return { data: { id: added.id, root: added.root, job } };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/library/folders/:id',
    role: 'admin',
    tag: TAG,
    summary:
      'Change a folder added in the console (not LIBRARY_DIR): its kind (a change queues a full rescan, so every file is read as the new kind) and whether it is watched.',
    params: idParams,
    body: z
      .object({ kind: kind.optional(), watch: z.boolean().optional() })
      .refine((b) => b.kind !== undefined || b.watch !== undefined, 'Give kind or watch'),
    async handler({ params, body, change, request }) {
      const library = request.server.services.admin.library;
      const updated = await change((trx, audit) => library.folders.update(trx, audit, params.id, body));
      await library.refreshWatch();
      const job = updated.kindChanged
        ? await library.enqueue({ root: updated.root, keepWhenEmpty: true }, true)
        : null;
      return { data: { id: params.id, job } };
    },
  }),
  defineAdminRoute({
    method: 'POST',
    url: '/library/folders/:id/remove',
    role: 'admin',
    tag: TAG,
    summary:
      'Remove a folder (not LIBRARY_DIR): it is no longer listed, watched or scanned. Its works stay in the catalogue unless `removeWorks` is true; then a run takes them out (reading history and shelves of those works go with them).',
    params: idParams,
    body: z.object({ removeWorks: z.boolean() }),
    async handler({ params, body, change, request }) {
      const library = request.server.services.admin.library;
      const removed = await change((trx, audit) => library.folders.remove(trx, audit, params.id, body));
      await library.refreshWatch();
      const job = body.removeWorks ? await library.enqueueRemoval(removed.root) : null;
      return { data: { id: params.id, files: removed.files, works: removed.works, job } };
    },
  }),
];
