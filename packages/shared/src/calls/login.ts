/**
 * Registration, login, verification codes, recovery and identity-card login (spec §4, §5, §7).
 *
 * /v3/login/index, reg and identity_login carry no merged session fields (protocol.md), so the
 * device (`deviceid`, `facility`) travels in their own payload, and a guest who registers passes
 * its own session token as `guest_token`: the server then converts that very guest row into the
 * account, so everything keyed by the guest's user id stays.
 */
import { z } from 'zod';
import { rowIdOrNone } from './row-id.js';
import { CODE_INPUT_LENGTH } from '../limits.js';
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_LIMITS,
  isDigitCode,
  isEmail,
  isMainlandMobile,
  isValidPassword,
  parseAccount,
  type AccountKind,
} from '../validation.js';
import { defineCall } from './define.js';
import { inviteCodeSchema, inviteOutcomeSchema } from './invite.js';

export const accountSchema = z
  .string()
  .max(EMAIL_MAX_LENGTH + 8)
  .transform((raw, ctx): { kind: AccountKind; value: string } => {
    const account = parseAccount(raw);
    if (!account) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a mainland mobile number (11 digits starting with 1) or an e-mail address',
      });
      return z.NEVER;
    }
    return account;
  });

export const telSchema = z
  .string()
  .transform((raw) => raw.replace(/[\s-]/g, ''))
  .refine(isMainlandMobile, 'must be a mainland mobile number: 11 digits starting with 1');

export const emailSchema = z
  .string()
  .transform((raw) => raw.trim().toLowerCase())
  .refine(isEmail, 'must be an e-mail address');

export const passwordSchema = z
  .string()
  .refine(
    isValidPassword,
    `must be ${PASSWORD_LIMITS.min}–${PASSWORD_LIMITS.max} characters, without leading or trailing spaces`,
  );

export const verificationCodeSchema = z
  .string()
  .refine((code) => isDigitCode(code), `must be ${CODE_INPUT_LENGTH} digits`);

/** What a code is for; a code only works for the purpose it was sent for. */
export const CODE_PURPOSES = ['reg', 'bind', 'find', 'writeoff'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

const deviceFields = {
  deviceid: z.string().trim().max(128).default(''),
  facility: z.string().trim().max(64).default(''),
};

/** The answer of every call that logs someone in (spec §7: code, msg, token, uid, is_guest). */
export const loginResultSchema = z.object({
  token: z.string(),
  uid: z.number().int(),
  is_guest: z.boolean(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

const codeSentSchema = z.object({
  /** Seconds until the code expires. */
  expires_in: z.number().int(),
  /** Seconds before another code may be requested for the same address. */
  resend_in: z.number().int(),
});

export const loginIndexCall = defineCall({
  path: '/v3/login/index',
  summary:
    'Log in with a phone number or e-mail address and a password; answers a new session token. ' +
    'Five failures for one account (or thirty from one address) lock logins for 15 minutes. ' +
    "Logging in from a guest device leaves the guest's data with the guest (it comes back after logout).",
  tag: 'login',
  auth: 'none',
  mergesSessionFields: false,
  request: z.object({ account: accountSchema, password: z.string().min(1).max(128), ...deviceFields }),
  response: loginResultSchema,
});

export const loginRegCall = defineCall({
  path: '/v3/login/reg',
  summary:
    'Register with a phone number or e-mail address, the code sent for purpose "reg", and a password. ' +
    "With `guest_token` + `guest_uid` (the caller's guest session) the guest itself becomes the account and keeps " +
    'everything it had (same uid); its old token stops working and the device gets a new guest at its next init. ' +
    "With `invite_code` the friend's code is entered for the new account (as /v3/invite/bind); a refused code " +
    'does not stop the registration: `invite` says what came of it.',
  tag: 'login',
  auth: 'none',
  mergesSessionFields: false,
  request: z.object({
    account: accountSchema,
    code: verificationCodeSchema,
    password: passwordSchema,
    guest_token: z.string().max(256).default(''),
    /** The guest's user id: the token must belong to it, as with every session. */
    guest_uid: rowIdOrNone.default(0),
    /** Invite programme: a friend's code, applied once the account exists ('' = none). */
    invite_code: z.union([z.literal(''), inviteCodeSchema]).default(''),
    ...deviceFields,
  }),
  // Invite programme: what came of `invite_code` (null without one).
  response: loginResultSchema.extend({ invite: inviteOutcomeSchema.nullable().default(null) }),
});

export const loginTelcodeCall = defineCall({
  path: '/v3/login/telcode',
  summary:
    'Send a 6-digit code by SMS (valid 10 minutes, single use, 5 attempts). Purposes: reg (number not ' +
    'yet registered), bind (needs a session; number not bound elsewhere), find (recovery: always answers ' +
    'the same, whether or not an account exists), writeoff (needs a registered session; the bound number). ' +
    'One code per number a minute, 5 an hour; 20 an hour per address, 10 per device.',
  tag: 'login',
  auth: 'none',
  request: z.object({ tel: telSchema, type: z.enum(CODE_PURPOSES) }),
  response: codeSentSchema,
});

export const loginMailcodeCall = defineCall({
  path: '/v3/login/mailcode',
  summary: 'Send a 6-digit code by e-mail; the same purposes and limits as /v3/login/telcode.',
  tag: 'login',
  auth: 'none',
  request: z.object({ email: emailSchema, type: z.enum(CODE_PURPOSES) }),
  response: codeSentSchema,
});

export const loginFindPassCall = defineCall({
  path: '/v3/login/find_pass',
  summary:
    'Set a new password with a code sent for purpose "find". Every session of the account is revoked ' +
    'and the caller is logged in with a new one. A wrong code answers the same whether or not the account exists.',
  tag: 'login',
  auth: 'none',
  request: z.object({ account: accountSchema, code: verificationCodeSchema, password: passwordSchema }),
  response: loginResultSchema,
});

export const IDENTITY_CARD_MAX_BYTES = 5 * 1024 * 1024;

export const loginIdentityLoginCall = defineCall({
  path: '/v3/login/identity_login',
  summary:
    'Log in with an identity card: upload the card image (multipart/form-data, image in `file`, at most ' +
    '5 MB, sealed request in `data`) or send the decoded QR text as `credential`. Answers 1205 when no ' +
    'card QR can be read, 1204 when the card was regenerated or its account deleted.',
  tag: 'login',
  auth: 'none',
  mergesSessionFields: false,
  request: z.object({ credential: z.string().trim().max(512).default(''), ...deviceFields }),
  response: loginResultSchema,
});
