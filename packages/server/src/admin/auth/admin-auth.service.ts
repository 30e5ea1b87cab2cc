/**
 * Console sign-in: name + password, then the TOTP code (both in one call; the console asks for the
 * code after the server answered ADMIN_TOTP_REQUIRED). Each attempt is counted before the password
 * is checked (LOGIN_LIMITS): per (name, address) a lock-out, per name a short back-off, per address
 * a generous limit, so failures from one address can never lock an operator out everywhere.
 * A session is 32 random bytes in an HttpOnly cookie; only its sha256 is stored, with a CSRF
 * token, an idle expiry and an absolute one.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { nowSeconds } from '../../db/database.js';
import type { OperatorRole } from '../../db/schema-admin.js';
import type { RateLimiter, RateRule } from '../../rate-limit/rate-limiter.js';
import { checkPassword, hashPassword } from '../../services/password.service.js';
import { AdminErrors } from '../admin-errors.js';
import { newTotpSecret, totpStep, totpUri } from './totp.js';
import type { OperatorRepository, OperatorRow } from './operator.repository.js';

export const SESSION_IDLE_S = 30 * 60;
export const SESSION_ABSOLUTE_S = 12 * 3600;
/** last_seen is written at most this often, so reads stay reads. */
const TOUCH_EVERY_S = 60;

/**
 * Failed sign-ins (a wrong password or a wrong two-factor code). Per (name, address): 5 per 15
 * minutes, then that pair is refused until the window ends. Per name from every address: 5, then
 * each further attempt waits 1, 2, 4 … at most 30 seconds after the previous one (never a lock, so
 * the operator's own correct sign-in from elsewhere gets through within 30 seconds). Per address:
 * 100, for an office where every operator shares one address.
 */
export const LOGIN_LIMITS = {
  perIp: { limit: 100, windowS: 15 * 60 },
  perNameAndIp: { limit: 5, windowS: 15 * 60 },
  perName: { limit: 5, windowS: 15 * 60, backoff: { capS: 30 } },
} as const;

/** The counter keys, also read by the console's lock-out list (rate-limit/lockouts.ts). */
export const LOGIN_KEYS = {
  ip: (ip: string) => `admin-login:ip:${ip}`,
  pair: (name: string, ip: string) => `admin-login:pair:${name.toLowerCase()}|${ip}`,
  name: (name: string) => `admin-login:name:${name.toLowerCase()}`,
};

export interface OperatorIdentity {
  id: number;
  name: string;
  role: OperatorRole;
}

export interface ResolvedSession {
  sessionId: number;
  csrfToken: string;
  operator: OperatorIdentity;
}

export interface IssuedSession {
  token: string;
  csrfToken: string;
  expires: number;
  operator: OperatorIdentity;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const NAME_PATTERN = /^[A-Za-z0-9_.@-]{2,64}$/;
export const MIN_PASSWORD_LENGTH = 10;

export class AdminAuthService {
  constructor(
    private readonly operators: OperatorRepository,
    private readonly limiter: RateLimiter,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** In this order: the back-off last, so attempts a lock-out refuses never use up its slots. */
  private rules(ip: string, name: string): RateRule[] {
    const message = 'Too many failed sign-ins; try again in {wait}';
    return [
      { key: LOGIN_KEYS.ip(ip), ...LOGIN_LIMITS.perIp, message },
      { key: LOGIN_KEYS.pair(name, ip), ...LOGIN_LIMITS.perNameAndIp, message },
      { key: LOGIN_KEYS.name(name), ...LOGIN_LIMITS.perName, message },
    ];
  }

  async login(input: {
    name: string;
    password: string;
    code?: string | undefined;
    ip: string;
    userAgent: string;
  }): Promise<IssuedSession> {
    // Counted before the password is checked: a failure stays counted, a success is taken back.
    const reservation = await this.limiter.reserve(this.rules(input.ip, input.name), AdminErrors.rateLimited);
    const operator = await this.operators.byName(input.name);
    const { ok: passwordOk, needsRehash } = await checkPassword(
      input.password,
      operator?.password_hash ?? null,
    );
    if (!operator || !passwordOk || operator.disabled === 1) {
      this.log.warn({ name: input.name, ip: input.ip }, 'console sign-in refused');
      throw AdminErrors.loginFailed();
    }
    // The password was right: without a code, ask for it (not counted as a failure).
    if (!input.code) {
      await reservation.release();
      throw AdminErrors.totpRequired();
    }
    const now = nowSeconds();
    const step = totpStep(operator.totp_secret, input.code.trim());
    if (step === null || !(await this.operators.useTotpStep(operator.id, step, now))) {
      this.log.warn({ name: input.name, ip: input.ip }, 'console sign-in refused: two-factor code');
      throw AdminErrors.loginFailed();
    }
    await reservation.release();
    await this.limiter.reset(LOGIN_KEYS.pair(input.name, input.ip));
    await this.limiter.reset(LOGIN_KEYS.name(input.name));
    // Only after both factors passed: a right password with no or a wrong code is no sign-in.
    if (needsRehash) await this.upgradePasswordHash(operator, input.password);
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(32).toString('base64url');
    const expires = now + SESSION_ABSOLUTE_S;
    await this.operators.insertSession({
      tokenHash: sha256(token),
      operatorId: operator.id,
      csrfToken,
      ip: input.ip,
      userAgent: input.userAgent,
      time: now,
      expires,
    });
    this.log.info({ operator: operator.name, ip: input.ip }, 'console sign-in');
    return { token, csrfToken, expires, operator: identityOf(operator) };
  }

  /** Stores the just-verified password at the current scrypt cost in place of an older, weaker hash. */
  private async upgradePasswordHash(operator: OperatorRow, password: string): Promise<void> {
    try {
      const next = await hashPassword(password);
      await this.operators.replacePasswordHash(operator.id, operator.password_hash, next);
    } catch (error) {
      // The sign-in itself was good; the old hash still works and is upgraded at a later one.
      this.log.warn({ err: error, operator: operator.name }, 'password hash upgrade failed');
    }
  }

  /** The operator behind a cookie value, or null (unknown, revoked, idle, expired, disabled). */
  async resolve(token: string | undefined): Promise<ResolvedSession | null> {
    if (!token || token.length > 100) return null;
    const row = await this.operators.sessionWithOperator(sha256(token));
    const now = nowSeconds();
    if (
      !row ||
      row.revoked_time !== null ||
      row.disabled === 1 ||
      Number(row.expires_time) <= now ||
      Number(row.last_seen_time) + SESSION_IDLE_S <= now
    )
      return null;
    if (now - Number(row.last_seen_time) >= TOUCH_EVERY_S)
      await this.operators.touchSession(row.session_id, now);
    return {
      sessionId: row.session_id,
      csrfToken: row.csrf_token,
      operator: { id: row.operator_id, name: row.name, role: row.role },
    };
  }

  async logout(sessionId: number): Promise<void> {
    await this.operators.revokeSession(sessionId, nowSeconds());
  }

  /** CLI: a new operator with a fresh TOTP secret; answers the enrolment URI. */
  async createOperator(name: string, password: string, role: OperatorRole) {
    checkCredentials(name, password);
    if (await this.operators.byName(name)) throw AdminErrors.conflict(`An operator named ${name} exists`);
    const secret = newTotpSecret();
    const row = await this.operators.insert({
      name,
      passwordHash: await hashPassword(password),
      role,
      totpSecret: secret,
      time: nowSeconds(),
    });
    return { operator: identityOf(row), secret, uri: totpUri(secret, name) };
  }

  /** CLI: a new TOTP secret (a lost phone); every session of the operator ends. */
  async resetTotp(name: string) {
    const operator = await this.mustFind(name);
    const secret = newTotpSecret();
    const now = nowSeconds();
    await this.operators.update(operator.id, { totp_secret: secret, totp_last_step: 0 }, now);
    await this.operators.revokeAllSessions(operator.id, now);
    return { secret, uri: totpUri(secret, name) };
  }

  /** CLI: a new password; every session of the operator ends. */
  async setPassword(name: string, password: string): Promise<void> {
    checkCredentials(name, password);
    const operator = await this.mustFind(name);
    const now = nowSeconds();
    await this.operators.update(operator.id, { password_hash: await hashPassword(password) }, now);
    await this.operators.revokeAllSessions(operator.id, now);
  }

  private async mustFind(name: string): Promise<OperatorRow> {
    const operator = await this.operators.byName(name);
    if (!operator) throw AdminErrors.notFound(`operator ${name}`);
    return operator;
  }
}

function identityOf(row: OperatorRow): OperatorIdentity {
  return { id: row.id, name: row.name, role: row.role };
}

function checkCredentials(name: string, password: string): void {
  if (!NAME_PATTERN.test(name)) throw AdminErrors.invalid('The name takes 2–64 letters, digits, _ . @ or -');
  if (Array.from(password).length < MIN_PASSWORD_LENGTH)
    throw AdminErrors.invalid(`The password needs at least ${MIN_PASSWORD_LENGTH} characters`);
}
