/**
 * Getting into an account: verification codes, registration (converting the caller's guest in
 * place), password login with lock-out, recovery, and identity-card login. Nothing here says
 * whether an account exists except registration and binding, which must ("already registered").
 */
import { randomUUID } from 'node:crypto';
import type { CodePurpose, LoginResult } from '@dm51/shared';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation, nowSeconds } from '../db/database.js';
import type { UserRow, UserUpdate } from '../db/schema.js';
import type { CodeDelivery } from '../delivery/code-delivery.js';
import { Errors } from '../errors.js';
import { readableCode } from '../lib/random.js';
import { LIMITS, type RateLimiter, type RateRule } from '../rate-limit/rate-limiter.js';
import type { AccountField, AccountRepository } from '../repositories/account.repository.js';
import type { IdentityCardService } from './identity-card.service.js';
import { checkPassword, hashPassword } from './password.service.js';
import type { SessionContext, SessionService } from './session.service.js';
import { CODE_TTL_S, codeTarget, type CodeTarget, type VerificationService } from './verification.service.js';
import { readQrText } from './identity-card.service.js';

export interface Account {
  kind: AccountField;
  value: string;
}

export interface Device {
  deviceid: string;
  facility: string;
}

/** Who is asking: the address limits apply to, the device, and the session when the call has one. */
export interface Requester extends Device {
  ip: string;
  session: SessionContext | null;
}

const GUEST_NAME_PREFIX = '游客';
const USER_NAME_PREFIX = '用户';

/** A registered account's nickname: a guest's default name becomes a user's; a chosen one stays. */
export function accountNickname(current: string | null): string {
  if (current && !current.startsWith(GUEST_NAME_PREFIX)) return current;
  const suffix =
    current?.slice(GUEST_NAME_PREFIX.length) || randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase();
  return USER_NAME_PREFIX + suffix;
}

/** The counter keys of login failures, also read by the console's lock-out list (rate-limit/lockouts.ts). */
export const LOGIN_KEYS = {
  ip: (ip: string) => `login-fail-ip:${ip}`,
  pairsOf: (account: Account) => `login-fail-pair:${account.kind}:${account.value}|`,
  pair: (account: Account, ip: string) => `${LOGIN_KEYS.pairsOf(account)}${ip}`,
  account: (account: Account) => `login-fail:${account.kind}:${account.value}`,
  identityIp: (ip: string) => `identity-fail-ip:${ip}`,
};

/**
 * Per address (generous), per (account, address) a lock-out, per account a back-off (LIMITS). The
 * back-off comes last, so attempts a lock-out refuses never use up the account's slots.
 */
function loginRules(account: Account, ip: string): RateRule[] {
  const message = 'Too many failed logins; please try again in {wait}';
  return [
    { key: LOGIN_KEYS.ip(ip), ...LIMITS.loginFailuresPerIp, message },
    { key: LOGIN_KEYS.pair(account, ip), ...LIMITS.loginFailuresPerAccountAndIp, message },
    { key: LOGIN_KEYS.account(account), ...LIMITS.loginFailuresPerAccount, message },
  ];
}

export class AuthService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly sessions: SessionService,
    private readonly codes: VerificationService,
    private readonly cards: IdentityCardService,
    private readonly limiter: RateLimiter,
    private readonly delivery: CodeDelivery,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sends a code for `purpose` to a phone or e-mail; see the call summaries for each purpose's rules. */
  async sendCode(
    to: Account,
    purpose: CodePurpose,
    requester: Requester,
  ): Promise<{ expires_in: number; resend_in: number }> {
    // Reserved before anything is looked up or sent, and kept whatever happens next.
    await this.limiter.reserve(this.codeRules(to, purpose, requester));

    let target: CodeTarget = codeTarget(to.kind, to.value);
    let deliver = true;
    const owner = await this.accounts.findBy(to.kind, to.value);
    switch (purpose) {
      case 'reg':
        if (owner) throw Errors.accountTaken(to.kind);
        break;
      case 'bind':
        if (!requester.session) throw Errors.sessionInvalid();
        if (owner && owner.id !== requester.session.userId) throw Errors.accountTaken(to.kind);
        break;
      case 'find':
        // The answer and its timing are the same either way; the code of an unknown address is
        // stored (so a guess at it fails like any wrong code) but never sent.
        deliver = Boolean(owner);
        break;
      case 'writeoff': {
        if (!requester.session) throw Errors.sessionInvalid();
        if (requester.session.isGuest) throw Errors.loginRequired();
        if (owner?.id !== requester.session.userId) {
          throw Errors.paramsInvalid(
            to.kind,
            `send the code to the ${to.kind === 'tel' ? 'phone number' : 'e-mail address'} bound to your account`,
          );
        }
        target = `user:${requester.session.userId}`;
        break;
      }
    }

    const code = await this.codes.issue(target, purpose);
    const ttlMinutes = CODE_TTL_S / 60;
    const send = () =>
      to.kind === 'tel'
        ? this.delivery.sendToPhone(to.value, code, purpose, ttlMinutes)
        : this.delivery.sendToEmail(to.value, code, purpose, ttlMinutes);
    if (purpose === 'find') {
      // Not awaited: waiting on the mail server only for real accounts would reveal them by timing.
      if (deliver)
        send().catch((error: unknown) => this.log.error({ err: error, purpose }, 'code delivery failed'));
    } else {
      try {
        await send();
      } catch (error) {
        this.log.error({ err: error, purpose, channel: to.kind }, 'code delivery failed');
        throw Errors.deliveryFailed(to.kind === 'tel' ? 'sms' : 'email');
      }
    }
    return { expires_in: CODE_TTL_S, resend_in: LIMITS.codePerTargetMinute.windowS };
  }

  private codeRules(to: Account, purpose: CodePurpose, requester: Requester): RateRule[] {
    const target = `${to.kind}:${to.value}`;
    return [
      {
        // Per purpose, so that registering and then at once binding or recovering is not held up.
        key: `code-min:${purpose}:${target}`,
        ...LIMITS.codePerTargetMinute,
        message: 'A code was just sent; please wait {wait} before asking for another',
      },
      {
        key: `code-hour:${target}`,
        ...LIMITS.codePerTargetHour,
        message: 'Too many codes for this address; please try again in {wait}',
      },
      {
        key: `code-ip:${requester.ip}`,
        ...LIMITS.codePerIpHour,
        message: 'Too many codes requested from this network; please try again in {wait}',
      },
      ...(requester.deviceid
        ? [
            {
              key: `code-dev:${requester.deviceid}`,
              ...LIMITS.codePerDeviceHour,
              message: 'Too many codes requested from this device; please try again in {wait}',
            },
          ]
        : []),
    ];
  }

  /**
   * Registers `account`. With the caller's live guest session, that guest becomes the account (same
   * row and id, so its favourites, history and coins stay) and its guest token stops working.
   */
  async register(
    input: { account: Account; code: string; password: string; guestToken: string; guestUid: number },
    device: Device,
  ): Promise<LoginResult> {
    const { account } = input;
    if (await this.accounts.findBy(account.kind, account.value)) throw Errors.accountTaken(account.kind);
    await this.codes.consume(codeTarget(account.kind, account.value), 'reg', input.code);

    const now = nowSeconds();
    const bound = { tel: '', email: '', [account.kind]: account.value } as { tel: string; email: string };
    const changes = {
      ...bound,
      name: account.value,
      password_hash: await hashPassword(input.password),
      updated_time: now,
    } satisfies UserUpdate;
    let user: UserRow | undefined;
    try {
      const guest = await this.liveGuestSession(input.guestToken, input.guestUid);
      if (guest) {
        const current = await this.accounts.findLiveById(guest.userId);
        user = await this.accounts.convertGuest(guest.userId, {
          ...changes,
          nickname: accountNickname(current?.nickname ?? null),
        });
        if (user) await this.sessions.revoke(input.guestToken);
      }
      user ??= await this.accounts.create({
        ...changes,
        is_guest: 0,
        nickname: accountNickname(null),
        uuid: randomUUID(),
        invite_code: readableCode(8),
        created_time: now,
        updated_time: now,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw Errors.accountTaken(account.kind);
      throw error;
    }
    this.log.info({ userId: user.id, converted: Boolean(input.guestToken) }, 'account registered');
    return this.startSession(user, device);
  }

  private async liveGuestSession(token: string, uid: number): Promise<SessionContext | null> {
    if (!token || uid <= 0) return null;
    try {
      const session = await this.sessions.resolve(token, uid);
      return session.isGuest ? session : null;
    } catch {
      // An expired guest token is no reason to refuse a registration: the account starts empty.
      return null;
    }
  }

  /**
   * Password login. Each attempt is counted before the password is checked: 5 failures of an
   * account from one address lock that pair for 15 minutes; past 5 failures of the account from
   * anywhere, attempts wait out a back-off of at most 30 seconds; 100 failures from one address
   * lock that address. A success takes its attempt back and clears the account's counters.
   */
  async login(
    input: { account: Account; password: string },
    device: Device & { ip: string },
  ): Promise<LoginResult> {
    const reservation = await this.limiter.reserve(loginRules(input.account, device.ip));
    const user = await this.accounts.findBy(input.account.kind, input.account.value);
    const { ok, needsRehash } = await checkPassword(input.password, user?.password_hash ?? null);
    if (!user || !ok) throw Errors.loginFailed();
    await reservation.release();
    await this.limiter.reset(LOGIN_KEYS.pair(input.account, device.ip));
    await this.limiter.reset(LOGIN_KEYS.account(input.account));
    if (needsRehash) await this.upgradePasswordHash(user, input.password);
    return this.startSession(user, device);
  }

  /** Stores the just-verified password at the current scrypt cost in place of an older, weaker hash. */
  private async upgradePasswordHash(user: UserRow, password: string): Promise<void> {
    try {
      const next = await hashPassword(password);
      await this.accounts.replacePasswordHash(user.id, user.password_hash!, next);
    } catch (error) {
      // The login itself was good; the old hash still works and is upgraded at a later login.
      this.log.warn({ err: error, userId: user.id }, 'password hash upgrade failed');
    }
  }

  /** Recovery: a new password with a "find" code; every session ends, the caller gets a new one. */
  async resetPassword(
    input: { account: Account; code: string; password: string },
    device: Device,
  ): Promise<LoginResult> {
    await this.codes.consume(codeTarget(input.account.kind, input.account.value), 'find', input.code);
    const user = await this.accounts.findBy(input.account.kind, input.account.value);
    // Only reachable by guessing the never-sent code of an unknown address: answer like a wrong code.
    if (!user) throw Errors.codeInvalid('Wrong verification code');
    const updated = await this.accounts.update(user.id, {
      password_hash: await hashPassword(input.password),
      updated_time: nowSeconds(),
    });
    if (!updated) throw Errors.codeInvalid('Wrong verification code');
    await this.sessions.revokeAllForUser(user.id);
    // A new password makes every earlier guess at the old one moot.
    await this.limiter.reset(LOGIN_KEYS.account(input.account));
    await this.limiter.resetPrefix(LOGIN_KEYS.pairsOf(input.account));
    this.log.info({ userId: user.id }, 'password reset; all sessions revoked');
    return this.startSession(updated, device);
  }

  /** Logs in with an identity card: its decoded text, or an image of it to decode. */
  async identityLogin(
    input: { credential: string; image: Buffer | null },
    device: Device & { ip: string },
  ): Promise<LoginResult> {
    const rule: RateRule = {
      key: LOGIN_KEYS.identityIp(device.ip),
      ...LIMITS.identityFailuresPerIp,
      message: 'Too many failed identity card logins; please try again in {wait}',
    };
    // Counted before the card is checked (a failure stays counted); taken back when it logs in.
    const reservation = await this.limiter.reserve([rule]);
    let text = input.credential;
    if (!text) {
      if (!input.image)
        throw Errors.paramsInvalid('file', 'upload the identity card image or send the credential');
      text = (await readQrText(input.image).catch(() => null)) ?? '';
      if (!text) throw Errors.qrInvalid();
    }
    const userId = await this.cards.verify(text);
    const user = await this.accounts.findLiveById(userId);
    if (!user) throw Errors.identityCardInvalid();
    const result = await this.startSession(user, device);
    await reservation.release();
    return result;
  }

  private async startSession(user: UserRow, device: Device): Promise<LoginResult> {
    const token = await this.sessions.create(user.id, device);
    return { token, uid: user.id, is_guest: user.is_guest === 1 };
  }
}
