/** Growth section: the app's update config (version, notes, force update, download link and texts). */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { UPDATE_FIELD_SCHEMAS } from '../../services/update-config.service.js';
import { defineAdminRoute } from '../admin-route.js';
import { GrowthService } from './growth.service.js';

const services = new WeakMap<object, GrowthService>();
/** One GrowthService per server, over the app's own UpdateConfigService (whose cache it drops). */
const growth = (request: FastifyRequest): GrowthService => {
  const app = request.server;
  let service = services.get(app);
  if (!service) {
    service = new GrowthService(app.services.adsUpdates.updateConfig);
    services.set(app, service);
  }
  return service;
};

const updateLink = z.union([
  z.literal(''),
  z
    .string()
    .url()
    .max(2048)
    .regex(/^https?:\/\//),
]);

export const GROWTH_ROUTES = [
  defineAdminRoute({
    method: 'GET',
    url: '/growth/update-config',
    role: 'viewer',
    tag: 'console-growth',
    summary: 'The update config the app reads from /v3/app/update (notes as stored, before sanitising).',
    async handler({ request }) {
      return { data: await growth(request).readUpdateConfig(request.server.db) };
    },
  }),
  defineAdminRoute({
    method: 'PUT',
    url: '/growth/update-config',
    role: 'admin',
    tag: 'console-growth',
    summary:
      'Change update config fields (only those sent): versionName, describe (HTML notes), updateLink (http/https), force, maskClickClose, uninstallPrompt and the download texts. The app sees it at its next launch.',
    body: z
      .object({ ...UPDATE_FIELD_SCHEMAS, updateLink })
      .partial()
      .strict()
      .refine((body) => Object.keys(body).length > 0, 'Send at least one field'),
    async handler({ body, change, request }) {
      const data = await change((trx, audit) => growth(request).saveUpdateConfig(trx, audit, body));
      growth(request).updateConfigChanged();
      return { data };
    },
  }),
];
