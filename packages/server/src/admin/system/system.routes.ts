/** System → Health, Versions, Sizes, Configuration: read-only views of the running server. */
import { defineAdminRoute } from '../admin-route.js';
import { systemService } from './system.service.js';

export const SYSTEM_ROUTES = [
  defineAdminRoute({
    method: 'GET',
    url: '/system/health',
    role: 'viewer',
    tag: 'console-system',
    summary:
      'Database reachable and its latency, media store writable, ffmpeg present and its version, the import worker and library watcher, event-loop delay since the last call, memory and uptime.',
    async handler({ request }) {
      return { data: await systemService(request.server).health() };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/system/versions',
    role: 'viewer',
    tag: 'console-system',
    summary:
      "The product's version and git commit, Node, the database engine and version, ffmpeg, key libraries.",
    async handler({ request }) {
      return { data: await systemService(request.server).versions() };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/system/sizes',
    role: 'viewer',
    tag: 'console-system',
    summary:
      'Database size, row counts of the main tables, media on disk by kind (pages, covers, avatars, video, AI results); computed without blocking and cached for a minute.',
    async handler({ request }) {
      return { data: await systemService(request.server).sizes() };
    },
  }),
  defineAdminRoute({
    method: 'GET',
    url: '/system/config',
    role: 'viewer',
    tag: 'console-system',
    summary:
      'Every setting read from the environment: effective value, whether it is the default; secrets masked (•••• and at most the last 2 characters).',
    async handler({ request }) {
      return systemService(request.server).configuration();
    },
  }),
];
