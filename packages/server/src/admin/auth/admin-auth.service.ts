/**
 * Console sign-in: name + password, then the TOTP code (both in one call; the console asks for the
 * code after the server answered ADMIN_TOTP_REQUIRED), counted against a per-IP and a per-name
 * lock-out before the password is checked. A session is 32 random bytes in an HttpOnly cookie;
 * only its sha256 is stored, with a CSRF token, an idle expiry and an absolute one.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { nowSeconds } from '../../db/database.js';
import type { OperatorRole } from '../../db/schema-admin.js';
import { describeWait, type RateLimiter } from '../../rate-limit/rate-limiter.js';
import { hashPassword, verifyPassword } from '../../services/password.service.js';
import { AdminErrors } from '../admin-errors.js';
import { newTotpSecret, totpStep, totpUri } from './totp.js';
import type { OperatorRepository, OperatorRow } from './operator.repository.js';

export const SESSION_IDLE_S = 30 * 60;
export const SESSION_ABSOLUTE_S = 12 * 3600;
/** last_seen is written at most this often, so reads stay reads. */
const TOUCH_EVERY_S = 60;

export const LOGIN_LIMITS = {
  perIp: { limit: 20, windowS: 15 * 60 },
  perName: { limit: 5, windowS: 15 * 60 },
} as const;

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

  private rules(ip: string, name: string) {
    const message = 'Too many failed sign-ins; try again in {wait}';
    return [
      { key: `admin-login:ip:${ip}`, ...LOGIN_LIMITS.perIp, message },
      { key: `admin-login:name:${name.toLowerCase()}`, ...LOGIN_LIMITS.perName, message },
    ];
  }

  async login(input: {
    name: string;
    password: string;
    code?: string | undefined;
    ip: string;
    userAgent: string;
  }): Promise<IssuedSession> {
    const rules = this.rules(input.ip, input.name);
    for (const rule of rules) {
      const wait = await this.limiter.waitFor(rule);
      if (wait > 0) throw AdminErrors.rateLimited(rule.message.replace('{wait}', describeWait(wait)));
    }
    const operator = await this.operators.byName(input.name);
    const passwordOk = await verifyPassword(input.password, operator?.password_hash ?? null);
    if (!operator || !passwordOk || operator.disabled === 1) {
      await this.limiter.hit(rules);
      this.log.warn({ name: input.name, ip: input.ip }, 'console sign-in refused');
      throw AdminErrors.loginFailed();
    }
    // The password was right: without a code, ask for it (not counted as a failure).
    if (!input.code) throw AdminErrors.totpRequired();
    const now = nowSeconds();
    const step = totpStep(operator.totp_secret, input.code.trim());
    if (step === null || !(await this.operators.useTotpStep(operator.id, step, now))) {
      await this.limiter.hit(rules);
      this.log.warn({ name: input.name, ip: input.ip }, 'console sign-in refused: two-factor code');
      throw AdminErrors.loginFailed();
    }
    for (const rule of rules) await this.limiter.reset(rule.key);
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
