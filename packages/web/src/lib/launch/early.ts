/**
 * What the page's first script (`boot.ts`) started before the app's own code arrived, so that they
 * do not wait for that code (docs/develop/decisions/0022-first-script-sends-launch-calls.md): launch
 * calls and the landing page's first image, each taken once by whoever asks for the same thing next
 * (`callApi`, `fetchXfile`). A failed early answer is not handed on: the taker asks again itself,
 * with its own toasts and retries.
 */
/**
 * How long an early answer may be handed on. The app asks for its launch data within a second or
 * two of them; one it never asked for (the visitor went elsewhere first) must not answer, with old
 * data, the same call made minutes later.
 */
export const EARLY_ANSWER_TTL_MS = 30_000;

interface Early<T> {
  value: Promise<T>;
  at: number;
}

const calls = new Map<string, Early<unknown>>();
const images = new Map<string, Early<Blob>>();

/** The entry's value once, while fresh; a stale entry is dropped either way. */
function takeFresh<T>(entries: Map<string, Early<T>>, key: string): Promise<T> | undefined {
  const entry = entries.get(key);
  entries.delete(key);
  if (!entry || Date.now() - entry.at > EARLY_ANSWER_TTL_MS) return undefined;
  return entry.value;
}
let sessionAtLaunch = false;
let recording = false;

/**
 * Runs `send` with every call it makes (synchronously) recorded as an early call, to be answered
 * to the app's same call later (`callApi`).
 */
export function recordLaunchCalls<T>(send: () => T): T {
  recording = true;
  try {
    return send();
  } finally {
    recording = false;
  }
}

export function recordingLaunchCalls(): boolean {
  return recording;
}

/**
 * One call's identity: its path, its payload and the session token it is sent with. An answer made
 * for one session (a guest's chapter, locked) is never handed to a call of another (the account the
 * guest then logged in to).
 */
export function earlyCallKey(path: string, payload: unknown, token: string): string {
  return `${path} ${JSON.stringify(payload)} ${token}`;
}

export function putEarlyCall(key: string, answer: Promise<unknown>): void {
  answer.catch(() => undefined);
  calls.set(key, { value: answer, at: Date.now() });
}

export function hasEarlyCalls(): boolean {
  return calls.size > 0;
}

/** The early answer to this call, once; undefined when none was started. */
export function takeEarlyCall(key: string): Promise<unknown> | undefined {
  return takeFresh(calls, key);
}

function imageKey(url: string): string {
  return new URL(url, globalThis.location.href).href;
}

export function putEarlyImage(url: string, blob: Promise<Blob>): void {
  blob.catch(() => undefined);
  images.set(imageKey(url), { value: blob, at: Date.now() });
}

/** The decoded `_xfile` image fetched at launch, once; undefined when none was started. */
export function takeEarlyImage(url: string): Promise<Blob> | undefined {
  if (images.size === 0) return undefined;
  return takeFresh(images, imageKey(url));
}

/**
 * The guest session was made by `boot.ts` during this launch: the shell still treats the visitor as
 * new (the entry page and its splash run as before; they find the session and the calls answered).
 */
export function markSessionMadeAtLaunch(): void {
  sessionAtLaunch = true;
}

export function sessionMadeAtLaunch(): boolean {
  return sessionAtLaunch;
}
