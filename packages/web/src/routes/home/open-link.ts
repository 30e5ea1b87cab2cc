import type { NavigateFunction } from '../../lib/router';
import { isWebAddress } from '../../lib/platform';

/**
 * Opens a banner or ad link (spec §5 "ad click target"): a web address outside the app, an in-app
 * route inside it. Empty links do nothing.
 */
export function openLink(navigate: NavigateFunction, url: string): void {
  const target = url.trim();
  if (target === '') return;
  if (isWebAddress(target)) {
    window.open(target, '_blank', 'noopener');
    return;
  }
  navigate(target.startsWith('/') ? target : `/${target}`);
}
