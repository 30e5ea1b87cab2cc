/** Wires repositories into services once per app; routes reach them through `app.services`. */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { SessionRepository } from '../repositories/session.repository.js';
import { SettingsRepository } from '../repositories/settings.repository.js';
import { UserRepository } from '../repositories/user.repository.js';
import { GuestService } from './guest.service.js';
import { SessionService } from './session.service.js';
import { SettingsService } from './settings.service.js';
import { UserService } from './user.service.js';

export interface Services {
  sessions: SessionService;
  guests: GuestService;
  users: UserService;
  settings: SettingsService;
}

export function createServices(db: Database, log: FastifyBaseLogger): Services {
  const users = new UserRepository(db);
  const sessions = new SessionService(new SessionRepository(db));
  return {
    sessions,
    guests: new GuestService(users, sessions, log.child({ module: 'guests' })),
    users: new UserService(users),
    settings: new SettingsService(new SettingsRepository(db), log.child({ module: 'settings' })),
  };
}
