/**
 * Refine's auth provider over the console's cookie session. The browser keeps the session cookie
 * (HttpOnly: scripts never read it); the page keeps only the CSRF token, in memory, refreshed from
 * /auth/me on every load. Sign-in is two steps on one call: the server answers code 1706 when the
 * password is right and the TOTP code is still missing.
 */
import type { AuthProvider } from '@refinedev/core';
import { http, isFailure, setCsrfToken } from './http';

export type Role = 'owner' | 'admin' | 'moderator' | 'viewer';

export interface Operator {
  id: number;
  name: string;
  role: Role;
}

interface SessionAnswer {
  operator: Operator;
  csrfToken: string;
}

/** Server code: name and password are right, the two-factor code is needed. */
export const TOTP_REQUIRED = 1706;

let current: Operator | null = null;

async function me(): Promise<Operator> {
  const answer = await http<SessionAnswer>('GET', '/auth/me');
  setCsrfToken(answer.csrfToken);
  current = answer.operator;
  return answer.operator;
}

export const authProvider: AuthProvider = {
  async login({ name, password, code }: { name: string; password: string; code?: string }) {
    try {
      const answer = await http<SessionAnswer>('POST', '/auth/login', {
        name,
        password,
        ...(code ? { code } : {}),
      });
      setCsrfToken(answer.csrfToken);
      current = answer.operator;
      return { success: true, redirectTo: '/' };
    } catch (error) {
      const message = isFailure(error) ? error.message : String(error);
      const totp = isFailure(error) && error.code === TOTP_REQUIRED;
      return { success: false, error: { name: totp ? 'totp' : 'login', message } };
    }
  },

  async logout() {
    await http('POST', '/auth/logout').catch(() => undefined);
    setCsrfToken(null);
    current = null;
    return { success: true, redirectTo: '/login' };
  },

  async check() {
    try {
      await me();
      return { authenticated: true };
    } catch {
      return { authenticated: false, redirectTo: '/login' };
    }
  },

  async onError(error: unknown) {
    if (isFailure(error) && error.statusCode === 401) return { logout: true, redirectTo: '/login' };
    return {};
  },

  async getIdentity() {
    return current ?? (await me().catch(() => null));
  },

  async getPermissions() {
    return (current ?? (await me().catch(() => null)))?.role ?? null;
  },
};
