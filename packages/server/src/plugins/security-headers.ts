/**
 * Security headers on every answer (hardening against hostile input), by helmet: nosniff, a strict referrer
 * policy, no framing, and a content security policy that the app, the readers and the player pass
 * (plus HSTS on answers that went out over TLS, below):
 *
 * - scripts and styles from this origin only (the app has no inline script; antd-mobile and the
 *   readers set inline `style` attributes, which `style-src 'unsafe-inline'` allows — style
 *   attributes cannot run code);
 * - images from this origin, `blob:` (decoded `_xfile` images and AI results), `data:`, and any
 *   https address (operators point ads, banners and the splash at their own CDNs; an image
 *   cannot run code);
 * - media and workers from `blob:` (hls.js feeds the video through MediaSource);
 * - API calls to this origin, to the configured API mirrors (API_HOSTS) and to the host of the
 *   app update's download link (operators put the package on a CDN; the update dialog fetches it
 *   to show its progress), which the console can change at any time: the policy is built again
 *   when that host changes;
 * - no plugins, no `<base>` tricks, forms post only here, never framed (`frame-ancestors 'none'`).
 *
 * No `upgrade-insecure-requests`: a self-hosted server on plain http (a LAN, localhost) must keep
 * loading its own scripts. The cashier and the API docs set their own, stricter or page-specific
 * policies on their routes.
 *
 * helmet's middleware is built once here and run in an `onRequest` hook, not through
 * `@fastify/helmet`, which builds the whole middleware again for every request (parsing the
 * policy's directives each time, in two hooks, one async): a third of the server's CPU per call on
 * the hot launch call (docs/develop/decisions/0014-security-headers.md).
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** A year, for this host and its subdomains (what browsers and the preload list expect). */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Policies kept per set of download hosts (a console edit rarely changes it; bounded anyway). */
const POLICIES_MAX = 8;

type Middleware = ReturnType<typeof helmet>;

export function registerSecurityHeaders(
  app: FastifyInstance,
  apiHosts: readonly string[],
  downloadOrigins: () => readonly string[] = () => [],
): void {
  const mirrors = apiHosts.map((host) => new URL(host).origin);
  const policies = new Map<string, Middleware>();
  const policyFor = (downloads: readonly string[]): Middleware => {
    const key = downloads.join(' ');
    let policy = policies.get(key);
    if (!policy) {
      if (policies.size >= POLICIES_MAX) policies.clear();
      policy = buildPolicy(mirrors, downloads);
      policies.set(key, policy);
    }
    return policy;
  };
  app.addHook('onRequest', (request, reply, done) => {
    // 'https' from a direct TLS socket, or from X-Forwarded-Proto when the peer is a TRUST_PROXY
    // balancer (Fastify ignores the header from anyone else). One header lookup per request.
    if (request.protocol === 'https') reply.raw.setHeader('Strict-Transport-Security', HSTS);
    policyFor(downloadOrigins())(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
}

function buildPolicy(mirrors: readonly string[], downloads: readonly string[]): Middleware {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'blob:', 'data:', 'https:', ...mirrors],
        mediaSrc: ["'self'", 'blob:', ...mirrors],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...mirrors, ...downloads],
        fontSrc: ["'self'", 'data:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // No Cross-Origin-Opener-Policy (first-load speed; docs/develop/decisions/0014-security-headers.md).
    // Chrome for Android gives a site that sends it a process of its own (COOP-triggered site
    // isolation, on by default since M95), and every first visit swaps browsing-context group: the
    // page's script context is created in a cold renderer. Measured in Lighthouse's trace of a comic
    // reader link: the navigation's commit task took 30–63 ms with the header and 16–22 ms without
    // (×4 on a slow phone, before the first script is even asked for). What it guarded (a site that
    // opens us in a window keeping a handle on it) is small here: we are never framed
    // (frame-ancestors, X-Frame-Options), and the app opens other sites with `noopener` itself.
    // web.test.ts keeps it off.
    crossOriginOpenerPolicy: false,
    // Media may be embedded by the operator's other sites (e.g. a landing page showing covers).
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only on answers that went out over TLS (below): helmet would send it on plain http too,
    // where a self-hosted server on a LAN or localhost would be pinned to an https it does not serve.
    strictTransportSecurity: false,
  });
}
