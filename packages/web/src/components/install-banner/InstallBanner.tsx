import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getChannelCode, withChannelCode } from '../../lib/channel';
import { isIOS, isStandalone, openExternal } from '../../lib/platform';
import { useStartSettings } from '../../state/queries/start-settings';
import { Logo } from '../icons/Logo';
import './install-banner.css';

/** Loaded when first opened: the popup's animation library is not needed to show home. */
const InstallGuide = lazy(() =>
  import('./InstallGuide').then((module) => ({ default: module.InstallGuide })),
);

/**
 * Spec §2 install banner. On iOS the button opens a guide (Safari cannot install from a link);
 * elsewhere it opens app_download_url tagged with the channel code. Closing it lasts until the
 * next launch, so a returning visitor is offered the app again.
 */
let closedThisLaunch = false;

export function InstallBanner() {
  const { t } = useTranslation();
  const settings = useStartSettings();
  const ios = isIOS();
  const [closed, setClosed] = useState(() => closedThisLaunch || (ios && isStandalone()));
  const [guideOpen, setGuideOpen] = useState(false);
  const [guideLoaded, setGuideLoaded] = useState(false);
  if (closed) return null;

  const close = () => {
    closedThisLaunch = true;
    setClosed(true);
  };
  const install = () => {
    if (!ios && settings.app_download_url) {
      openExternal(withChannelCode(settings.app_download_url, getChannelCode()));
    } else {
      setGuideLoaded(true);
      setGuideOpen(true);
    }
  };

  return (
    <div className="install-banner" data-testid="install-banner">
      <button
        type="button"
        className="install-banner__close"
        data-testid="install-banner-close"
        aria-label={t('banner.close')}
        onClick={close}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      <Logo size={36} radius={9} />
      <div className="install-banner__text">
        <strong className="install-banner__title">{t('app.name')}</strong>
        <span className="install-banner__tagline">{settings.app_text || t('banner.tagline')}</span>
      </div>
      <button
        type="button"
        className="install-banner__cta"
        data-testid="install-banner-cta"
        onClick={install}
      >
        {ios ? t('banner.install') : t('banner.download')}
      </button>
      {guideLoaded && (
        <Suspense fallback={null}>
          <InstallGuide visible={guideOpen} image={settings.image} onClose={() => setGuideOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
