import { TIMEOUTS } from '@dm51/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageError } from './PageError';
import './page-state.css';

/**
 * Suspense fallback for lazy pages (spec §2): nothing for the first 200 ms so fast loads do not
 * flash a spinner, then a spinner, then after 60 s the tap-to-reload error view.
 */
export function PageLoading() {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<'quiet' | 'spinner' | 'timeout'>('quiet');
  useEffect(() => {
    const show = setTimeout(() => setPhase('spinner'), TIMEOUTS.pageLoadingDelayMs);
    const fail = setTimeout(() => setPhase('timeout'), TIMEOUTS.pageLoadTimeoutMs);
    return () => {
      clearTimeout(show);
      clearTimeout(fail);
    };
  }, []);
  if (phase === 'quiet') return <div className="page-state" />;
  if (phase === 'timeout') return <PageError message={t('common.pageTimeout')} />;
  return (
    <div className="page-state" data-testid="page-loading" role="status" aria-label={t('common.loading')}>
      {/* A CSS ring, not antd-mobile's SpinLoading: this shows before any page, so it must not pull
          an animation library into the first download. */}
      <span className="page-state__spinner" aria-hidden="true" />
    </div>
  );
}
