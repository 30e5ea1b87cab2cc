import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/offline/use-online';
import './query-state.css';

/** A list or section that failed to load: says so and retries in place (the toast already told why). */
export function QueryError({ onRetry, testId = 'query-error' }: { onRetry: () => void; testId?: string }) {
  const { t } = useTranslation();
  // With no connection the reason is known: say it, rather than a failure to retry blindly.
  const online = useOnline();
  return (
    <div className="query-error" data-testid={testId} data-offline={online ? undefined : 'true'}>
      <span>{online ? t('catalogue.loadError') : t('connection.needsNetwork')}</span>
      <button type="button" className="query-error__retry" data-testid={`${testId}-retry`} onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
