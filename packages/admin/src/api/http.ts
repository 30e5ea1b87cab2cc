/**
 * The one place the console talks to /admin/api: same-origin fetch (the HttpOnly session cookie
 * goes along by itself), JSON in and out, and the session's CSRF token on every changing call.
 * Every call says the console's language (Accept-Language), so what the server writes in words,
 * such as ledger and order titles, comes in the language the operator reads.
 * Failures become Refine HttpErrors with the server's message, status and code.
 */
import type { HttpError } from '@refinedev/core';
import { i18n } from '../i18n';

export const API_BASE = '/admin/api';

let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export interface ApiFailure extends HttpError {
  code?: number;
}

export async function http<T = Record<string, unknown>>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const changing = method !== 'GET';
  const headers: Record<string, string> = { 'accept-language': i18n.language };
  if (changing) {
    headers['content-type'] = 'application/json';
    if (csrfToken) headers['x-csrf-token'] = csrfToken;
  }
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    credentials: 'same-origin',
    headers,
    ...(changing ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  const json = (await response.json().catch(() => ({}))) as { msg?: string; code?: number };
  if (!response.ok) {
    const failure: ApiFailure = {
      message: json.msg ?? response.statusText,
      statusCode: response.status,
      ...(json.code !== undefined ? { code: json.code } : {}),
    };
    throw failure;
  }
  return json as T;
}

export function isFailure(error: unknown): error is ApiFailure {
  return typeof error === 'object' && error !== null && 'statusCode' in error;
}
