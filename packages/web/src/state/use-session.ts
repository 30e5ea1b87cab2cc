import { useSyncExternalStore } from 'react';
import { isLoggedIn, sessionStore, type Session } from './session';

export function useSession(): Session {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

export function useIsLoggedIn(): boolean {
  return isLoggedIn(useSession());
}
