import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/icons/Logo';
import { isWebAddress, openExternal } from '../../lib/platform';

/**
 * Start-up splash (app_start_switch = 1): the settings image (or the brand) with a countdown of
 * app_start_countdown seconds and a skip button. Tapping the image opens its link, if any.
 */
export function Splash({
  image,
  link,
  seconds,
  onDone,
}: {
  image: string;
  link: string;
  seconds: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(Math.max(1, seconds));
  useEffect(() => {
    if (left <= 0) {
      onDone();
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, onDone]);

  return (
    <div className="splash" data-testid="splash">
      {image ? (
        <img
          className="splash__image"
          src={image}
          alt=""
          onClick={() => {
            if (isWebAddress(link)) openExternal(link);
          }}
        />
      ) : (
        <div className="splash__brand">
          <Logo size={88} radius={22} />
          <strong>{t('app.name')}</strong>
        </div>
      )}
      <button type="button" className="splash__skip" data-testid="splash-skip" onClick={onDone}>
        {t('entry.skip', { seconds: Math.max(left, 0) })}
      </button>
    </div>
  );
}
