import { TIMEOUTS, type CallRef, type CallRequest, type CallResponse } from '@dm51/shared';
import { appInitCall, appStartCall } from '@dm51/shared/call-refs';
import { getDeviceId } from '../device';
import { facilityFor } from '../platform';
import { requireRuntimeConfig } from '../runtime-config';
import { sessionStore } from '../../state/session';
import {
  earlyCallKey,
  hasEarlyCalls,
  putEarlyCall,
  recordingLaunchCalls,
  takeEarlyCall,
} from '../launch/early';
import { getEnvelope } from './envelope';
import { ApiError } from './errors';
import { currentHost, knownHost } from './host';
import { outcomeForCode } from './outcome';

/** UI reactions the client triggers; wired in main.tsx so this module stays free of React. */
export interface ApiClientHooks {
  /** A failed call's `msg`, shown as a bottom toast. */
  showMessage(msg: string): void;
  /** Transport failure: the translated 'resource loading failed' toast (2 s). */
  showTransportFailure(): void;
  /** HTTP 401, after the session was cleared: go to the index page. */
  onUnauthorized(): void;
}

let hooks: ApiClientHooks = {
  showMessage: () => undefined,
  showTransportFailure: () => undefined,
  onUnauthorized: () => undefined,
};

export function configureApiClient(next: ApiClientHooks): void {
  hooks = next;
}

const answeredListeners = new Set<() => void>();

/** Called after every call the server answered: the connection works (the outbox sends then). */
export function onCallAnswered(listener: () => void): () => void {
  answeredListeners.add(listener);
  return () => answeredListeners.delete(listener);
}

/** The session/device fields merged into every body except the login calls (protocol.md). */
export function sessionFields(): Record<string, string | number> {
  const session = sessionStore.get();
  return {
    user_token: session.token,
    user_id: session.uid,
    facility: facilityFor(globalThis.navigator?.userAgent ?? ''),
    deviceid: getDeviceId(),
    apikey: requireRuntimeConfig().apiKey,
    is_guest: session.isGuest ? 1 : 0,
    timestamp: Date.now(),
  };
}

interface RawResponse {
  code: number;
  msg: string;
  data: unknown;
}

function isRawResponse(value: unknown): value is RawResponse {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'number';
}

/** What a silent call shows: nothing (spec §8: failed ad, home data and ad click calls). */
const SILENT_UI: Pick<ApiClientHooks, 'showMessage' | 'showTransportFailure'> = {
  showMessage: () => undefined,
  showTransportFailure: () => undefined,
};

async function post(
  url: string,
  body: string | FormData,
  signal: AbortSignal | undefined,
  ui: Pick<ApiClientHooks, 'showTransportFailure'>,
): Promise<Response> {
  // Uploads take longer than calls: the spec's network timeout applies to them (§9).
  const timeout = AbortSignal.timeout(typeof body === 'string' ? TIMEOUTS.requestMs : TIMEOUTS.networkMs);
  try {
    return await fetch(url, {
      method: 'POST',
      headers: {
        // The reader's chosen language (kept on <html lang>), for the texts the server words itself.
        'Accept-Language': globalThis.document?.documentElement.lang || 'en',
        // A FormData body sets its own multipart type with the boundary.
        ...(typeof body === 'string' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    // A caller's own abort (React Query cancelling) is not a failure worth a toast.
    if (signal?.aborted) throw error;
    // With no connection at all the screen says so itself (offline notices), once, not a toast per call.
    const offline = globalThis.navigator?.onLine === false;
    if (!offline) ui.showTransportFailure();
    const failure = new ApiError(
      offline ? 'offline' : 'transport',
      error instanceof Error ? error.message : 'network error',
    );
    failure.unreachable = true;
    throw failure;
  }
}

/**
 * A call's address and sealed body (session fields merged as the call requires), or null when no
 * API host is known. `form` is the urlencoded `data=…` body; navigator.sendBeacon sends a
 * URLSearchParams as application/x-www-form-urlencoded, so analytics beacons use it as it is.
 */
export function sealedRequest<C extends CallRef>(
  call: C,
  payload: CallRequest<C>,
): { url: string; sealed: string; form: URLSearchParams } | null {
  const host = currentHost() ?? knownHost(requireRuntimeConfig().apiHosts);
  if (host === null) return null;
  const body = call.mergesSessionFields ? { ...(payload as object), ...sessionFields() } : payload;
  const sealed = getEnvelope().seal(body);
  return { url: `${host}${call.path}`, sealed, form: new URLSearchParams({ data: sealed }) };
}

type CallOptions = {
  signal?: AbortSignal;
  /** Upload calls: sent as multipart field `file`. */
  file?: Blob;
  /** Codes the screen itself explains (a locked chapter's panel): rejected without the toast. */
  quiet?: readonly number[];
  /** No toast at all, for any failure (spec §8: ad, home data and ad click calls fail silently). */
  silent?: boolean;
};

/**
 * One typed call: merge, seal, POST `data`, open. Rejects with ApiError after the user
 * has been told what the spec says to tell them.
 *
 * Launch calls (docs/develop/decisions/0022-first-script-sends-launch-calls.md): a call boot.ts
 * made before the app's code arrived (`recordLaunchCalls`) is answered from that request, once; a
 * failed early answer is not handed on, the call is made again with this caller's toasts.
 */
/**
 * Launch calls whose answer is the same whatever the session: the start-up settings, and visitor
 * init (made before any session exists; the answer `boot.ts` turned into the session is dropped).
 */
const SESSIONLESS_LAUNCH_CALLS: ReadonlySet<string> = new Set([appStartCall.path, appInitCall.path]);

/**
 * The key an early answer to this call is kept under: for the session as it is now, except for the
 * session-independent calls above (the app asks for the settings once the guest session exists).
 */
export function launchCallKey<C extends CallRef>(call: C, payload: CallRequest<C>): string {
  const token = SESSIONLESS_LAUNCH_CALLS.has(call.path) ? '' : sessionStore.get().token;
  return earlyCallKey(call.path, payload, token);
}

export function callApi<C extends CallRef>(
  call: C,
  payload: CallRequest<C>,
  options: CallOptions = {},
): Promise<CallResponse<C>> {
  const key =
    options.file || (!hasEarlyCalls() && !recordingLaunchCalls()) ? null : launchCallKey(call, payload);
  if (key !== null && recordingLaunchCalls()) {
    const answer = sendCall(call, payload, options);
    putEarlyCall(key, answer);
    return answer;
  }
  const early = key === null ? undefined : (takeEarlyCall(key) as Promise<CallResponse<C>> | undefined);
  if (early) return early.catch(() => sendCall(call, payload, options));
  return sendCall(call, payload, options);
}

async function sendCall<C extends CallRef>(
  call: C,
  payload: CallRequest<C>,
  options: CallOptions,
): Promise<CallResponse<C>> {
  const ui = options.silent ? SILENT_UI : hooks;
  const request = sealedRequest(call, payload);
  // The token sealed into this call (sessionFields() read it just now).
  const sentWithToken = sessionStore.get().token;
  // Spec §8: with no base host the call ends quietly; the launch rule sends the user to the index.
  if (request === null) throw new ApiError('no-host', 'no API host known');
  let form: string | FormData;
  if (options.file) {
    form = new FormData();
    form.append('data', request.sealed);
    form.append('file', options.file, options.file instanceof File ? options.file.name : 'upload');
  } else {
    form = request.form.toString();
  }
  const response = await post(request.url, form, options.signal, ui);

  if (response.status === 401) {
    // Only the session this call carried has ended. A call sealed before a registration or login
    // (an analytics batch, a poll) is answered 401 once the guest token it carried is revoked; the
    // new session is not that one and must not be thrown away with it.
    if (sessionStore.get().token === sentWithToken) {
      sessionStore.clear();
      hooks.onUnauthorized();
    }
    throw new ApiError('unauthorized', 'session expired', 401);
  }

  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    raw = null;
  }
  if (!isRawResponse(raw)) {
    ui.showTransportFailure();
    throw new ApiError('transport', `HTTP ${response.status}`);
  }

  const msg = typeof raw.msg === 'string' ? raw.msg : '';
  switch (outcomeForCode(raw.code)) {
    case 'silent':
      throw new ApiError('silent', msg, raw.code);
    case 'toast':
      if (msg && !options.quiet?.includes(raw.code)) ui.showMessage(msg);
      throw new ApiError('code', msg, raw.code);
    case 'success':
      break;
  }

  let opened: unknown = raw.data ?? {};
  try {
    if (typeof raw.data === 'string') opened = getEnvelope().open(raw.data);
  } catch {
    ui.showTransportFailure();
    throw new ApiError('transport', 'response could not be opened');
  }
  // The server checks every answer against the call's schema before sealing it; the browser
  // trusts that check and only requires an object, so no schema library ships to phones.
  if (typeof opened !== 'object' || opened === null) {
    ui.showTransportFailure();
    throw new ApiError('invalid', `unexpected response from ${call.path}`);
  }
  answeredListeners.forEach((listener) => listener());
  return opened as CallResponse<C>;
}
