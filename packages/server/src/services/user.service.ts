import { Errors } from '../errors.js';
import type { UserRow } from '../db/schema.js';
import type { UserRepository } from '../repositories/user.repository.js';

export class UserService {
  constructor(private readonly users: UserRepository) {}

  /** The session owner's row. A user deleted after the session resolved is treated as logged out. */
  async getOwnProfile(userId: number): Promise<UserRow> {
    const user = await this.users.findById(userId);
    if (!user) throw Errors.sessionInvalid();
    return user;
  }
}
