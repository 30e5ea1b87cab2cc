import type { AppTokenItem } from '@dm51/shared';
import { useTranslation } from 'react-i18next';
import './opds.css';

/**
 * Under a token in the list: whether KOReader's progress sync accepts it. Tokens made before sync
 * existed are OPDS-only (the server never kept what KOReader signs in with), and the mark says to
 * make a new one rather than leave the user guessing at a 401.
 */
export function TokenSyncMark({ token }: { token: Pick<AppTokenItem, 'kosync'> }) {
  const { t } = useTranslation();
  return (
    <span
      className={`opds__sync${token.kosync ? '' : ' opds__sync--off'}`}
      data-testid="opds-token-kosync"
      data-kosync={token.kosync ? 'yes' : 'no'}
    >
      {token.kosync ? t('kosync.tokenWorks') : t('kosync.tokenOpdsOnly')}
    </span>
  );
}
