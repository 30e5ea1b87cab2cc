import { currentHost } from '../../lib/api/host';

/**
 * The absolute URL of a server path an e-reader app is given (the OPDS catalogue, KOReader's sync
 * server): the API host the app is talking to, or this page's origin when the API is same-origin
 * (host ''). An e-reader cannot resolve a relative path, so the URL is always absolute.
 */
export function serverUrl(path: string, host: string | null, origin: string): string {
  const base = host ? host.replace(/\/+$/, '') : origin;
  return `${base}${path}`;
}

/** serverUrl for the host the app uses right now. */
export function currentServerUrl(path: string): string {
  return serverUrl(path, currentHost(), globalThis.location.origin);
}
