import type { AppTokenItem } from '@dm51/shared';

/**
 * Which token the KOReader sync steps point at. KOReader signs in with the token's MD5, which the
 * server records only for tokens made since sync exists: older tokens still open the catalogue
 * but are refused by sync, so the page tells the user to make a new one.
 *
 * - 'ready': at least one token works with sync;
 * - 'opdsOnly': tokens exist, but none works with sync;
 * - 'none': no token yet.
 */
export type KosyncTokenState = 'ready' | 'opdsOnly' | 'none';

export function kosyncTokenState(tokens: readonly Pick<AppTokenItem, 'kosync'>[]): KosyncTokenState {
  if (tokens.some((token) => token.kosync)) return 'ready';
  return tokens.length > 0 ? 'opdsOnly' : 'none';
}
