import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from '../../lib/router';
import { Logo } from '../../components/icons/Logo';
import { prefetchLanding } from '../../lib/launch-prefetch';
import { entryRedirectTarget } from '../launch';
import { HOME_PATH } from '../route-table';
import { entryFlow, type EntryOutcome } from './entry-flow';
import { Splash } from './Splash';
import './entry.css';

type View = { kind: 'working' } | EntryOutcome;

/** '/' and /pages/index/index: host, settings and session, then on to home (or the page asked for). */
export default function EntryPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [view, setView] = useState<View>({ kind: 'working' });
  const [attempt, setAttempt] = useState(0);
  const target = entryRedirectTarget(search, HOME_PATH);

  const proceed = useCallback(() => navigate(target, { replace: true }), [navigate, target]);

  useEffect(() => {
    let cancelled = false;
    void entryFlow(queryClient, () => prefetchLanding(queryClient, target), attempt).then((outcome) => {
      if (cancelled) return;
      const splash = outcome.kind === 'ready' && outcome.settings.app_start_switch === 1;
      if (outcome.kind === 'ready' && !splash) proceed();
      else setView(outcome);
    });
    return () => {
      cancelled = true;
    };
  }, [queryClient, proceed, attempt, target]);

  if (view.kind === 'ready') {
    return (
      <Splash
        image={view.settings.image}
        link={view.settings.url}
        seconds={view.settings.app_start_countdown}
        onDone={proceed}
      />
    );
  }

  const failed = view.kind === 'no-host' || view.kind === 'session-failed';
  return (
    <div className="entry" data-testid="entry-page">
      <Logo size={72} radius={18} />
      <strong className="entry__name">{t('app.name')}</strong>
      {failed ? (
        <>
          <p className="entry__message" data-testid="entry-error">
            {view.kind === 'no-host' ? t('entry.noHost') : t('entry.failed')}
          </p>
          <button
            type="button"
            className="entry__retry"
            data-testid="entry-retry"
            onClick={() => {
              setView({ kind: 'working' });
              setAttempt((n) => n + 1);
            }}
          >
            {t('common.retry')}
          </button>
        </>
      ) : (
        <div className="entry__status" role="status">
          {/* A CSS ring, not antd-mobile's SpinLoading: a new visitor's first load passes through
              this page, and SpinLoading shares a chunk with Toast and its animation library. */}
          <span className="entry__spinner" aria-hidden="true" />
          <span>{t('entry.connecting')}</span>
        </div>
      )}
    </div>
  );
}
