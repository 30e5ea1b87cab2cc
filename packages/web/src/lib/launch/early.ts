/**
 * What the page's first script (`boot.ts`) started before the app's own code arrived (issue 16,
 * third pass): launch calls and the landing page's first image, each taken once by whoever asks for
 * the same thing next (`callApi`, `fetchXfile`). A failed early answer is not handed on: the taker
 * asks again itself, with its own toasts and retries.
 */
const calls = new Map<string, Promise<unknown>>();
const images = new Map<string, Promise<Blob>>();
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

/** One call's identity: its path and payload (the session fields merged at send time are left out). */
export function earlyCallKey(path: string, payload: unknown): string {
  return `${path} ${JSON.stringify(payload)}`;
}

export function putEarlyCall(key: string, answer: Promise<unknown>): void {
  answer.catch(() => undefined);
  calls.set(key, answer);
}

export function hasEarlyCalls(): boolean {
  return calls.size > 0;
}

/** The early answer to this call, once; undefined when none was started. */
export function takeEarlyCall(key: string): Promise<unknown> | undefined {
  const answer = calls.get(key);
  calls.delete(key);
  return answer;
}

function imageKey(url: string): string {
  return new URL(url, globalThis.location.href).href;
}

export function putEarlyImage(url: string, blob: Promise<Blob>): void {
  blob.catch(() => undefined);
  images.set(imageKey(url), blob);
}

/** The decoded `_xfile` image fetched at launch, once; undefined when none was started. */
export function takeEarlyImage(url: string): Promise<Blob> | undefined {
  if (images.size === 0) return undefined;
  const key = imageKey(url);
  const blob = images.get(key);
  images.delete(key);
  return blob;
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
