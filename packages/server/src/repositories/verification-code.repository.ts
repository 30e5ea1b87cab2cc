/** Verification codes (hashed), newest first per target and purpose. */
import type { Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import type { VerificationCodesTable } from '../db/schema.js';

export type VerificationCodeRow = Selectable<VerificationCodesTable>;

export interface NewVerificationCode {
  target: string;
  purpose: string;
  code_hash: string;
  salt: string;
  created_time: number;
  expires_time: number;
}

export class VerificationCodeRepository {
  constructor(private readonly db: Database) {}

  /** Stores a new code and retires the earlier unused ones: only the latest code sent works. */
  async replace(code: NewVerificationCode): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('verification_codes')
        .set({ used_time: code.created_time })
        .where('target', '=', code.target)
        .where('purpose', '=', code.purpose)
        .where('used_time', 'is', null)
        .execute();
      await trx.insertInto('verification_codes').values(code).execute();
    });
  }

  async latest(target: string, purpose: string): Promise<VerificationCodeRow | undefined> {
    return this.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('target', '=', target)
      .where('purpose', '=', purpose)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Takes one of the code's attempts in one statement, before the code is compared: answers the
   * attempts made including this one, or null when all `max` were used. Parallel guesses each get
   * their own number, so no more than `max` are ever compared.
   */
  async takeAttempt(id: number, max: number): Promise<number | null> {
    const row = await this.db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('attempts', '<', max)
      .returning('attempts')
      .executeTakeFirst();
    return row ? row.attempts : null;
  }

  /** Marks the code used; false when another request used it first (each code works once). */
  async markUsed(id: number, time: number): Promise<boolean> {
    const result = await this.db
      .updateTable('verification_codes')
      .set({ used_time: time })
      .where('id', '=', id)
      .where('used_time', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteForTargets(targets: string[]): Promise<void> {
    if (targets.length === 0) return;
    await this.db.deleteFrom('verification_codes').where('target', 'in', targets).execute();
  }

  /** Housekeeping: codes are worthless once expired. */
  async deleteExpiredBefore(time: number): Promise<void> {
    await this.db.deleteFrom('verification_codes').where('expires_time', '<', time).execute();
  }
}
