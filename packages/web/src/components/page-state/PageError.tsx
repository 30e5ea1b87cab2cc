import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/offline/use-online';
import './page-state.css';

/** Full-page error view; tapping anywhere reloads, which also refetches a failed chunk. */
export function PageError({ message }: { message?: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <button
      type="button"
      className="page-state page-state--error"
      data-testid="page-error"
      onClick={() => globalThis.location.reload()}
    >
      <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
        <circle cx="32" cy="32" r="26" fill="none" stroke="currentColor" strokeWidth="3" opacity="0.35" />
        <path d="M32 18v18" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
        <circle cx="32" cy="45" r="2.8" fill="currentColor" />
      </svg>
      <span>{online ? (message ?? t('common.pageError')) : t('connection.needsNetwork')}</span>
    </button>
  );
}
