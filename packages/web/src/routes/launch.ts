import { ENTRY_PATH, findRoute } from './route-table';

/**
 * Spec §2 launch rule, decided once when the app opens on some page. Without a known host (or,
 * as an extension, without any session yet) the entry page runs first and then returns the visitor
 * to the page they opened; with a host, start-up settings are fetched.
 */
export type LaunchDecision = { kind: 'toEntry'; to: string } | { kind: 'fetchSettings' } | { kind: 'stay' };

export function launchDecision(args: {
  pathWithSearch: string;
  hostKnown: boolean;
  hasToken: boolean;
}): LaunchDecision {
  const route = findRoute(args.pathWithSearch);
  const onEntry = route?.group === 'entry';
  if (!onEntry && (!args.hostKnown || !args.hasToken)) {
    return { kind: 'toEntry', to: `${ENTRY_PATH}?redirect=${encodeURIComponent(args.pathWithSearch)}` };
  }
  return args.hostKnown ? { kind: 'fetchSettings' } : { kind: 'stay' };
}

/**
 * Where the entry page goes when it is done: a `redirect` that names an in-app page, else home.
 * Only paths from the route table are accepted, so a crafted link cannot bounce visitors elsewhere.
 */
export function entryRedirectTarget(search: string, fallback: string): string {
  const redirect = new URLSearchParams(search).get('redirect');
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return fallback;
  const route = findRoute(redirect);
  if (!route || route.group === 'entry') return fallback;
  return redirect;
}
