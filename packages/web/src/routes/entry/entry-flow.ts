import { DEFAULT_START_SETTINGS, type StartSettings } from '@dm51/shared';
import type { QueryClient } from '@tanstack/react-query';
import { resolveHost } from '../../lib/api/host';
import { sessionMadeAtLaunch } from '../../lib/launch/early';
import { requireRuntimeConfig } from '../../lib/runtime-config';
import { fetchStartSettingsOnce } from '../../state/queries/start-settings';
import { bootstrapGuestSession, fetchUserInfoOnce, refreshNewGuestRecord } from '../../state/queries/user';
import { sessionStore } from '../../state/session';

export type EntryOutcome =
  { kind: 'ready'; settings: StartSettings } | { kind: 'no-host' } | { kind: 'session-failed' };

/**
 * The entry page's work (spec §2, §4): find the API host, fetch start-up settings, and make sure a
 * session exists (visitor init on first visit). A returning session refreshes its user info in the
 * background; settings failures fall back to the defaults rather than blocking the app.
 * `onSession` runs once the session exists (the entry page prefetches the landing page there).
 */
export async function runEntryFlow(
  queryClient: QueryClient,
  onSession: () => void = () => undefined,
): Promise<EntryOutcome> {
  const host = await resolveHost(requireRuntimeConfig().apiHosts);
  if (host === null) return { kind: 'no-host' };

  const settingsPromise = fetchStartSettingsOnce(queryClient).catch(() => DEFAULT_START_SETTINGS);
  const session = sessionStore.get();
  if (session.token === '') {
    try {
      await bootstrapGuestSession(queryClient);
    } catch {
      return { kind: 'session-failed' };
    }
  } else if (sessionMadeAtLaunch()) {
    // boot.ts made this guest a moment ago (lib/launch/launch-calls.ts).
    refreshNewGuestRecord(queryClient, session.uid);
  } else {
    void fetchUserInfoOnce(queryClient, session.uid).catch(() => undefined);
  }
  // The session exists: the landing page's data need not wait for the settings or the splash.
  onSession();
  return { kind: 'ready', settings: await settingsPromise };
}

let early: Promise<EntryOutcome> | null = null;

/**
 * Starts the entry page's work from the shell, as soon as the shell knows the entry page comes
 * next, so the API calls do not wait for the entry page's own chunk to arrive and render
 * (launch without a waterfall). The entry page's first attempt takes this run over (`entryFlow`).
 */
export function startEntryFlowEarly(queryClient: QueryClient, onSession: () => void): void {
  early ??= runEntryFlow(queryClient, onSession);
}

/**
 * The run the shell started, taken once by the entry page's first attempt; a retry, or a later
 * visit to the entry page (a revoked session lands there), starts afresh.
 */
export function entryFlow(
  queryClient: QueryClient,
  onSession: () => void,
  attempt: number,
): Promise<EntryOutcome> {
  const started = attempt === 0 ? early : null;
  early = null;
  return started ?? runEntryFlow(queryClient, onSession);
}
