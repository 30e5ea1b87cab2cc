import type { AppTokenItem } from '@dm51/shared';
import { useTranslation } from 'react-i18next';
import { CopyRow } from './CopyRow';
import { kosyncTokenState } from './kosync-tokens';
import { currentServerUrl } from './server-url';
import './opds.css';

/**
 * "KOReader progress sync" on the E-reader apps page: what to type into KOReader's "Custom sync
 * server" (the URL on the API host and the user ID; the password is an app token) and the four
 * steps in KOReader's own menu words, so a reader can follow them on the device.
 */
export function KoreaderSyncSection({
  path,
  username,
  tokens,
}: {
  path: string;
  username: string;
  tokens: readonly AppTokenItem[];
}) {
  const { t } = useTranslation();
  const state = kosyncTokenState(tokens);
  return (
    <section className="user-card opds__help opds__kosync" data-testid="kosync-section">
      <h2 className="user-card__title">{t('kosync.title')}</h2>
      <p>{t('kosync.intro')}</p>
      <CopyRow label={t('kosync.url')} value={currentServerUrl(path)} testId="kosync-url" />
      <CopyRow label={t('opds.username')} value={username} testId="kosync-username" />
      <p className="opds__hint" data-testid="kosync-token-hint" data-state={state}>
        {state === 'ready' ? t('kosync.tokenReady') : t('kosync.tokenNeeded')}
      </p>
      <ol className="opds__steps">
        <li>{t('kosync.stepToken')}</li>
        <li>{t('kosync.stepServer')}</li>
        <li>{t('kosync.stepLogin')}</li>
        <li>{t('kosync.stepSync')}</li>
      </ol>
      <p className="opds__hint">{t('kosync.matching')}</p>
    </section>
  );
}
