/**
 * The app's protocol called from a test itself (sealed envelopes, as the app sends them): to act
 * as other readers of a running server, such as readers whose reading feeds recommendations.
 */
import { expect } from 'vitest';
import { createEnvelope } from '@dm51/shared';
import { nodeCfbCipher } from '@dm51/shared/node';
import { E2E_KEYS } from './server-common.js';

export interface ProtocolSession {
  token: string;
  uid: number;
}

const envelope = createEnvelope(E2E_KEYS.envelopeKey, nodeCfbCipher);

/** Calls against `baseURL`; `device` names the test's devices. */
export function protocolClient(baseURL: () => string, device: string) {
  /** One call for `session` (a guest of its own by default); fails the test unless it succeeds. */
  async function api<T>(
    path: string,
    payload: Record<string, unknown>,
    session?: ProtocolSession,
  ): Promise<T> {
    const body = {
      user_token: session?.token ?? '',
      user_id: session?.uid ?? 0,
      facility: 'Linux_h5',
      deviceid: `${device}-${Math.random()}`,
      apikey: E2E_KEYS.apiKey,
      is_guest: 1,
      timestamp: Date.now(),
      ...payload,
    };
    const response = await fetch(`${baseURL()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `data=${envelope.seal(body)}`,
    });
    const json = (await response.json()) as { code: number; msg: string; data: string | null };
    expect(json.code, `${path}: ${json.msg}`).toBe(1);
    return (json.data ? envelope.open(json.data) : null) as T;
  }

  /** A new guest reader. */
  async function newReader(): Promise<ProtocolSession> {
    const init = await api<{ token: string; user: { id: number } }>('/v3/app/init', {
      deviceid: `${device}-${Math.random()}`,
    });
    return { token: init.token, uid: init.user.id };
  }

  /** `session` reads the first page of `work`'s first chapter. */
  async function readFirstChapter(
    session: ProtocolSession,
    work: { id: number; chapters: { id: number }[] },
  ) {
    await api(
      '/v3/read/add',
      { id: work.id, chapter_id: work.chapters[0]!.id, page_index: 0, percent: 10 },
      session,
    );
  }

  return { api, newReader, readFirstChapter };
}
