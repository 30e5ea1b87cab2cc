/** The /v3/login/* calls of accounts and identity. */
import type { FastifyPluginAsync } from 'fastify';
import { loginFindPassRoute } from './find-pass.js';
import { loginIdentityLoginRoute } from './identity-login.js';
import { loginIndexRoute } from './index.js';
import { loginRegRoute } from './reg.js';
import { loginMailcodeRoute, loginTelcodeRoute } from './send-code.js';

export const LOGIN_ROUTES: FastifyPluginAsync[] = [
  loginIndexRoute,
  loginRegRoute,
  loginTelcodeRoute,
  loginMailcodeRoute,
  loginFindPassRoute,
  loginIdentityLoginRoute,
];
