import { useTranslation } from 'react-i18next';
import type { ConfigProblem } from '../lib/runtime-config';
import { Logo } from './icons/Logo';

/** Shown instead of the app when /app-config.js did not load: nothing can work without it. */
export function ConfigErrorScreen({ problem }: { problem: ConfigProblem }) {
  const { t } = useTranslation();
  return (
    <div className="config-error" data-testid="config-error" role="alert">
      <Logo size={64} radius={16} />
      <h1>{t('config.title')}</h1>
      <p>{problem === 'missing' ? t('config.missing') : t('config.invalid')}</p>
      <button type="button" data-testid="config-error-retry" onClick={() => globalThis.location.reload()}>
        {t('common.retry')}
      </button>
    </div>
  );
}
