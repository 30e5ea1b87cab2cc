/**
 * Guest sessions (spec §4): a device that has no token runs /v3/app/init with its deviceid and gets
 * a guest account. The same device always gets the same guest back, with a fresh session token.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation, nowSeconds } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { readableCode } from '../lib/random.js';
import type { UserRepository } from '../repositories/user.repository.js';
import type { SessionService } from './session.service.js';

const GUEST_NAME_PREFIX = '游客';
/** Tries at creating a guest: a unique clash (a parallel init, or a random code collision) is retried. */
const CREATE_ATTEMPTS = 3;

export interface GuestInit {
  user: UserRow;
  token: string;
}

export class GuestService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionService,
    private readonly log: FastifyBaseLogger,
  ) {}

  async init(device: { deviceid: string; facility: string }): Promise<GuestInit> {
    const user = await this.findOrCreateGuest(device.deviceid);
    const token = await this.sessions.create(user.id, device);
    return { user, token };
  }

  private async findOrCreateGuest(deviceid: string): Promise<UserRow> {
    for (let attempt = 1; ; attempt++) {
      const existing = await this.users.findGuestByDevice(deviceid);
      if (existing) return existing;
      try {
        const created = await this.users.createGuestForDevice(newGuest(), deviceid);
        this.log.info({ userId: created.id }, 'guest created');
        return created;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= CREATE_ATTEMPTS) throw error;
        this.log.debug({ attempt }, 'guest creation clashed; retrying');
      }
    }
  }
}

function newGuest() {
  const now = nowSeconds();
  const uuid = randomUUID();
  return {
    is_guest: 1,
    nickname: GUEST_NAME_PREFIX + uuid.replace(/-/g, '').slice(0, 6).toUpperCase(),
    uuid,
    guest_pass: readableCode(8),
    invite_code: readableCode(8),
    created_time: now,
    updated_time: now,
  };
}
