/**
 * The signed-in account: binding a phone or e-mail (which turns a guest into a registered user in
 * place), profile, avatar, password, identity card, logout and deletion.
 */
import { z } from 'zod';
import { NICKNAME_MAX_LENGTH, isValidNickname } from '../validation.js';
import { defineCall, emptySchema } from './define.js';
import {
  emailSchema,
  loginResultSchema,
  passwordSchema,
  telSchema,
  verificationCodeSchema,
} from './login.js';
import { userInfoSchema } from './user.js';

/**
 * Binding answers the new identity twice: `token`/`uid` (spec §4 "phone binding replaces token and
 * uid") and `is_token`/`is_uid`/`is_guest` (spec §4 "visitor conversion"), so either client rule works.
 */
export const bindResultSchema = z.object({
  token: z.string(),
  uid: z.number().int(),
  is_token: z.string(),
  is_uid: z.number().int(),
  is_guest: z.boolean(),
});
export type BindResult = z.infer<typeof bindResultSchema>;

/** A guest binding its first phone or e-mail also chooses the password it will log in with. */
const bindPassword = z.union([z.literal(''), passwordSchema]).default('');

export const appBindTelCall = defineCall({
  path: '/v3/app/bind_tel',
  summary:
    'Bind (or change) the phone number with a code sent for purpose "bind". A guest becomes a registered ' +
    'user in place (same uid, keeps everything) and must set `password`. The session is rotated: the old ' +
    'token stops working.',
  tag: 'account',
  auth: 'session',
  request: z.object({ tel: telSchema, code: verificationCodeSchema, password: bindPassword }),
  response: bindResultSchema,
});

export const userBindEmailCall = defineCall({
  path: '/v3/user/bind_email',
  summary: 'Bind (or change) the e-mail address with a code sent for purpose "bind"; as /v3/app/bind_tel.',
  tag: 'account',
  auth: 'session',
  request: z.object({ email: emailSchema, code: verificationCodeSchema, password: bindPassword }),
  response: bindResultSchema,
});

export const userEditCall = defineCall({
  path: '/v3/user/edit',
  summary: `Change the nickname (1–${NICKNAME_MAX_LENGTH} characters). Guests may too.`,
  tag: 'account',
  auth: 'session',
  request: z.object({
    nickname: z
      .string()
      .refine(isValidNickname, `must be 1–${NICKNAME_MAX_LENGTH} characters`)
      .transform((name) => name.trim()),
  }),
  response: z.object({ user: userInfoSchema }),
});

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export const userUppicCall = defineCall({
  path: '/v3/user/uppic',
  summary:
    'Upload an avatar: multipart/form-data with the image in `file` (JPEG, PNG, WebP, GIF or AVIF, checked ' +
    'by content, at most 5 MB) and the sealed request in `data`. It is re-encoded to a 256×256 JPEG and ' +
    'stored XOR-encoded; `pic` is its `_xfile` path.',
  tag: 'account',
  auth: 'session',
  request: emptySchema,
  response: z.object({ pic: z.string(), user: userInfoSchema }),
});

export const userPasswordCall = defineCall({
  path: '/v3/user/password',
  summary:
    'Change the password (the current one is required). Every session of the account is revoked; the ' +
    'caller continues with the new token in the answer.',
  tag: 'account',
  auth: 'user',
  request: z.object({ old_password: z.string().min(1).max(128), password: passwordSchema }),
  response: loginResultSchema,
});

export const userLogoutCall = defineCall({
  path: '/v3/user/logout',
  summary: "Revoke the caller's session. The client then starts a fresh guest session with /v3/app/init.",
  tag: 'account',
  auth: 'session',
  request: emptySchema,
  response: emptySchema,
});

export const userWriteOffCall = defineCall({
  path: '/v3/user/write_off',
  summary:
    'Delete the account, confirmed with the password or a code sent for purpose "writeoff". Personal data ' +
    '(nickname, phone, e-mail, password, avatar, identity card) is erased, every session revoked and the ' +
    'account marked deleted; comments stay but show as an anonymous user.',
  tag: 'account',
  auth: 'user',
  request: z
    .object({
      password: z.string().max(128).default(''),
      code: z.union([z.literal(''), verificationCodeSchema]).default(''),
    })
    .refine((input) => input.password !== '' || input.code !== '', {
      message: 'give the password or a verification code',
      path: ['password'],
    }),
  response: emptySchema,
});

export const identityCardSchema = z.object({
  has_card: z.boolean(),
  /** Unix seconds; 0 when there is no card. */
  created_time: z.number().int(),
  /** The QR text, only in the answer that created it (it is stored hashed); else ''. */
  credential: z.string(),
  /** PNG data URL of the QR code of `credential`; '' when `credential` is ''. */
  qr: z.string(),
});
export type IdentityCard = z.infer<typeof identityCardSchema>;

export const userCardCall = defineCall({
  path: '/v3/user/card',
  summary:
    'The identity card: a QR code that logs in to this account (guests too) on another device. The ' +
    'credential is stored hashed, so it is shown only when created: the first call (or `regenerate`) ' +
    'creates one and revokes any earlier card; later calls answer only whether a card exists.',
  tag: 'account',
  auth: 'session',
  request: z.object({ regenerate: z.boolean().default(false) }),
  response: identityCardSchema,
});
