/**
 * Verification codes: 6 random digits, single use, valid 10 minutes, 5 attempts, stored as a salted
 * sha256. (A 6-digit code has only a million values, so the hash keeps codes out of casual reads of
 * the database; what protects accounts is the expiry and the attempt limit.)
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { CODE_INPUT_LENGTH, type CodePurpose } from '@dm51/shared';
import { nowSeconds } from '../db/database.js';
import { Errors } from '../errors.js';
import type { VerificationCodeRepository } from '../repositories/verification-code.repository.js';

export const CODE_TTL_S = 10 * 60;
export const CODE_MAX_ATTEMPTS = 5;

/** Where a code was sent; account deletion codes are keyed to the account (`user:<id>`) instead. */
export type CodeTarget = `tel:${string}` | `email:${string}` | `user:${number}`;

export function codeTarget(kind: 'tel' | 'email', value: string): CodeTarget {
  return `${kind}:${value}`;
}

function hashCode(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

export class VerificationService {
  constructor(
    private readonly codes: VerificationCodeRepository,
    private readonly now: () => number = nowSeconds,
  ) {}

  /** A new code for `target`; earlier unused codes for the same purpose stop working. */
  async issue(target: CodeTarget, purpose: CodePurpose): Promise<string> {
    const code = String(randomInt(0, 10 ** CODE_INPUT_LENGTH)).padStart(CODE_INPUT_LENGTH, '0');
    const salt = randomBytes(12).toString('hex');
    const now = this.now();
    await this.codes.replace({
      target,
      purpose,
      code_hash: hashCode(salt, code),
      salt,
      created_time: now,
      expires_time: now + CODE_TTL_S,
    });
    return code;
  }

  /** Accepts the code once, or throws CODE_INVALID saying why (never which accounts exist). */
  async consume(target: CodeTarget, purpose: CodePurpose, code: string): Promise<void> {
    const row = await this.codes.latest(target, purpose);
    const now = this.now();
    if (!row) throw Errors.codeInvalid('Please request a verification code first');
    if (row.used_time !== null) {
      throw Errors.codeInvalid('This verification code has already been used; please request a new one');
    }
    if (row.expires_time <= now) {
      throw Errors.codeInvalid('The verification code has expired; please request a new one');
    }
    // The attempt is counted before the code is compared, so a wrong guess counts even when it
    // races the right one, and a parallel burst compares at most CODE_MAX_ATTEMPTS guesses.
    const attempts = await this.codes.takeAttempt(row.id, CODE_MAX_ATTEMPTS);
    if (attempts === null) {
      throw Errors.codeInvalid('Too many wrong attempts; please request a new code');
    }
    if (hashCode(row.salt, code) !== row.code_hash) {
      const left = CODE_MAX_ATTEMPTS - attempts;
      throw Errors.codeInvalid(
        left > 0
          ? `Wrong verification code (${left} attempts left)`
          : 'Wrong verification code; please request a new one',
      );
    }
    if (!(await this.codes.markUsed(row.id, now))) {
      throw Errors.codeInvalid('This verification code has already been used; please request a new one');
    }
  }

  async forget(targets: CodeTarget[]): Promise<void> {
    await this.codes.deleteForTargets(targets);
  }
}
