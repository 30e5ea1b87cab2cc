import { useTranslation } from 'react-i18next';
import './query-state.css';

/** A list or section that failed to load: says so and retries in place (the toast already told why). */
export function QueryError({ onRetry, testId = 'query-error' }: { onRetry: () => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="query-error" data-testid={testId}>
      <span>{t('catalogue.loadError')}</span>
      <button type="button" className="query-error__retry" data-testid={`${testId}-retry`} onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
