/** The /v3/pay calls of payments; the cashier page and callbacks are payments/payments-plugin.ts. */
import type { FastifyPluginAsync } from 'fastify';
import { payCancelRoute } from './cancel.js';
import { payInitRoute } from './init.js';
import { payOrdersRoute } from './orders.js';
import { paySaveRoute } from './save.js';

export const PAY_ROUTES: FastifyPluginAsync[] = [payInitRoute, paySaveRoute, payCancelRoute, payOrdersRoute];
