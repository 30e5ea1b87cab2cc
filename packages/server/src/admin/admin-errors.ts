/**
 * The console API's failures. They use the one code catalogue (packages/shared api-codes, 1701–1719)
 * but, unlike the app's envelope, answer with the matching HTTP status: the console is a plain JSON
 * API and its data provider branches on 401/403 like any REST client.
 */
import { ApiCode } from '@dm51/shared';
import { AppError } from '../errors.js';

export const AdminErrors = {
  authRequired: () => new AppError(ApiCode.ADMIN_AUTH_REQUIRED, 'Please sign in to the console', 401),
  forbidden: (role: string, actual?: string) =>
    new AppError(
      ApiCode.ADMIN_FORBIDDEN,
      actual === 'moderator' && role !== 'moderator'
        ? 'Moderators can only moderate; this needs another role'
        : `This needs the ${role} role or higher`,
      403,
    ),
  csrf: () =>
    new AppError(ApiCode.ADMIN_CSRF, 'Missing or wrong x-csrf-token header; nothing was changed', 403),
  loginFailed: () => new AppError(ApiCode.ADMIN_LOGIN_FAILED, 'Wrong name, password or code', 401),
  totpRequired: () =>
    new AppError(ApiCode.ADMIN_TOTP_REQUIRED, 'Enter the 6-digit code from your authenticator app', 401),
  notFound: (what: string) => new AppError(ApiCode.ADMIN_NOT_FOUND, `No such ${what}`, 404),
  invalid: (msg: string) => new AppError(ApiCode.ADMIN_INVALID, msg, 400),
  conflict: (msg: string) => new AppError(ApiCode.ADMIN_CONFLICT, msg, 409),
  imageInvalid: (msg: string) => new AppError(ApiCode.ADMIN_IMAGE_INVALID, msg, 400),
  rateLimited: (msg: string) => new AppError(ApiCode.RATE_LIMITED, msg, 429),
} as const;
