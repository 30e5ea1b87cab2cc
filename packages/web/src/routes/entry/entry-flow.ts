import { DEFAULT_START_SETTINGS, type StartSettings } from '@dm51/shared';
import type { QueryClient } from '@tanstack/react-query';
import { resolveHost } from '../../lib/api/host';
import { requireRuntimeConfig } from '../../lib/runtime-config';
import { fetchStartSettingsOnce } from '../../state/queries/start-settings';
import { bootstrapGuestSession, fetchUserInfoOnce } from '../../state/queries/user';
import { sessionStore } from '../../state/session';

export type EntryOutcome =
  { kind: 'ready'; settings: StartSettings } | { kind: 'no-host' } | { kind: 'session-failed' };

/**
 * The entry page's work (spec §2, §4): find the API host, fetch start-up settings, and make sure a
 * session exists (visitor init on first visit). A returning session refreshes its user info in the
 * background; settings failures fall back to the defaults rather than blocking the app.
 */
export async function runEntryFlow(queryClient: QueryClient): Promise<EntryOutcome> {
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
  } else {
    void fetchUserInfoOnce(queryClient, session.uid).catch(() => undefined);
  }
  return { kind: 'ready', settings: await settingsPromise };
}
