/**
 * HTTP Basic for the OPDS catalogue: every /opds request carries an app token (see
 * app-token.service.ts for the user name/password rule). A missing, wrong, revoked or deleted
 * account's token is answered 401 with a WWW-Authenticate challenge, so e-reader apps ask for
 * credentials; too many failures from one address are answered 429 with Retry-After.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppTokenService } from './app-token.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The account an app token authenticated (set on every /opds request that reaches a handler). */
    opdsUserId?: number;
  }
}

export const OPDS_REALM = 'Basic realm="51dm OPDS", charset="UTF-8"';

export function basicCredentials(header: string | undefined): { username: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon).trim(), password: decoded.slice(colon + 1).trim() };
}

export function opdsAuthHook(tokens: AppTokenService) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await tokens.authenticate(basicCredentials(request.headers.authorization), request.ip);
    if (result.ok) {
      request.opdsUserId = result.userId;
      return;
    }
    if (result.reason === 'rate-limited') {
      return reply
        .status(429)
        .header('retry-after', String(result.retryAfterS))
        .type('text/plain; charset=utf-8')
        .send(`Too many failed sign-ins from this address: try again in ${result.retryAfterS} seconds.\n`);
    }
    return reply
      .status(401)
      .header('www-authenticate', OPDS_REALM)
      .type('text/plain; charset=utf-8')
      .send(
        result.reason === 'missing'
          ? 'Sign in with your user ID and an app token from the 51动漫 settings page (Settings → E-reader apps).\n'
          : 'This user ID and app token do not match a valid token (it may have been revoked).\n',
      );
  };
}
