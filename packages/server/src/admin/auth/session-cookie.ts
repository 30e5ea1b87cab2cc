/**
 * The console session cookie: HttpOnly (scripts never see it), SameSite=Strict (no other site's
 * page sends it), scoped to /admin so the reader app's requests never carry it.
 */
export const ADMIN_PREFIX_PATH = '/admin';
export const SESSION_COOKIE = 'dm51_admin';

export const SESSION_COOKIE_OPTIONS = {
  path: ADMIN_PREFIX_PATH,
  httpOnly: true,
  sameSite: 'strict',
} as const;
