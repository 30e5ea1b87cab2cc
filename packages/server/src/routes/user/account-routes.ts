/** The account calls outside /v3/login: binding, profile, avatar, password, card, logout, deletion. */
import type { FastifyPluginAsync } from 'fastify';
import { appBindTelRoute } from '../app/bind_tel.js';
import { userBindEmailRoute } from './bind-email.js';
import { userCardRoute } from './card.js';
import { userEditRoute } from './edit.js';
import { userLogoutRoute } from './logout.js';
import { userPasswordRoute } from './password.js';
import { userUppicRoute } from './uppic.js';
import { userWriteOffRoute } from './write-off.js';

export const ACCOUNT_ROUTES: FastifyPluginAsync[] = [
  appBindTelRoute,
  userBindEmailRoute,
  userEditRoute,
  userUppicRoute,
  userPasswordRoute,
  userLogoutRoute,
  userWriteOffRoute,
  userCardRoute,
];
