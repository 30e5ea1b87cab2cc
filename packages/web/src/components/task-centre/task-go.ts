/** Where each task's 'go' button leads (the server names the place, the web knows the routes). */
import { BALANCE_PATH } from '../../lib/money-paths';
import { BIND_PATH, HOME_PATH } from '../../routes/route-table';

export const ANIME_TAB_PATH = '/pages/anime/anime';

export function goPathOf(go: string): string | null {
  switch (go) {
    case 'watch':
      return ANIME_TAB_PATH;
    case 'bind':
    case 'profile':
      return BIND_PATH;
    case 'topup':
      return BALANCE_PATH;
    case 'notify':
      return null; // switched on in place
    default:
      return HOME_PATH; // read, comment, share, favourite: start from a work
  }
}
