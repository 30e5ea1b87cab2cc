/**
 * Speaks the client protocol to a test app the way the web app does: merges the session/device
 * fields, seals the body, posts it form-encoded, and opens the sealed answer.
 */
import { createEnvelope, type MergedFields } from '@dm51/shared';
import { nodeCfbCipher } from '@dm51/shared/node';
import type { TestApp } from './test-app.js';

export interface TestSession {
  token: string;
  userId: number;
  deviceid: string;
  isGuest: boolean;
}

export interface CallResult<T = unknown> {
  status: number;
  code: number;
  msg: string;
  /** The opened `data`, or null when the answer carried none. */
  data: T | null;
}

export interface CallOptions {
  session?: TestSession;
  /** Overrides (or, with `undefined`, removes) merged fields. */
  merged?: Partial<Record<keyof MergedFields, unknown>>;
  /** Send the payload as is, without merged fields (login-style calls). */
  noMerge?: boolean;
}

let deviceCounter = 0;
export function newDeviceId(): string {
  deviceCounter += 1;
  return `${Date.now()}${Math.floor(Math.random() * 1e6)}-${deviceCounter}`;
}

export function createTestClient({ app, config }: Pick<TestApp, 'app' | 'config'>) {
  const envelope = createEnvelope(config.envelopeKey, nodeCfbCipher);

  function mergedFields(session?: TestSession): Record<string, unknown> {
    return {
      user_token: session?.token ?? '',
      user_id: session?.userId ?? 0,
      facility: 'Android_h5',
      deviceid: session?.deviceid ?? 'test-device',
      apikey: config.apiKey,
      is_guest: session ? Number(session.isGuest) : 1,
      timestamp: Date.now(),
    };
  }

  /** Posts a raw body; the answer is opened when its data is a sealed string. */
  async function post<T>(path: string, body: string, contentType = 'application/x-www-form-urlencoded') {
    const response = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': contentType },
      body,
    });
    const json = response.json<{ code: number; msg: string; data: unknown }>();
    const data = typeof json.data === 'string' ? (envelope.open(json.data) as T) : null;
    return { status: response.statusCode, code: json.code, msg: json.msg, data } satisfies CallResult<T>;
  }

  async function call<T = Record<string, unknown>>(
    path: string,
    payload: Record<string, unknown> = {},
    options: CallOptions = {},
  ): Promise<CallResult<T>> {
    const body: Record<string, unknown> = options.noMerge
      ? { ...payload }
      : { ...mergedFields(options.session), ...options.merged, ...payload };
    for (const [key, value] of Object.entries(body)) if (value === undefined) delete body[key];
    return post<T>(path, `data=${envelope.seal(body)}`);
  }

  /** Runs /v3/app/init for a device and returns the session the client would keep. */
  async function initGuest(
    deviceid = newDeviceId(),
  ): Promise<TestSession & { guest: Record<string, unknown> }> {
    const result = await call<{
      token: string;
      is_guest: boolean;
      user: { id: number };
      guest: Record<string, unknown>;
    }>('/v3/app/init', { deviceid });
    if (result.code !== 1 || !result.data) throw new Error(`init failed: ${result.code} ${result.msg}`);
    return {
      token: result.data.token,
      userId: result.data.user.id,
      deviceid,
      isGuest: result.data.is_guest,
      guest: result.data.guest,
    };
  }

  return { envelope, call, post, initGuest, mergedFields };
}
export type TestClient = ReturnType<typeof createTestClient>;
