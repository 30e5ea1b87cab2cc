import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { doNotTrack, isAnalyticsOptedOut, setAnalyticsOptOut } from '../../lib/analytics';

/**
 * The settings page's privacy card: one switch that turns usage statistics off on this device
 * (stored locally; queued events are dropped at once). With the browser's Do Not Track on, nothing
 * is sent whatever the switch says, and the card says so.
 */
export function AnalyticsSwitch() {
  const { t } = useTranslation();
  const [on, setOn] = useState(() => !isAnalyticsOptedOut());
  const dnt = doNotTrack();
  const toggle = () => {
    setAnalyticsOptOut(on);
    setOn(!on);
  };
  return (
    <section className="user-card" data-testid="analytics-settings">
      <h2 className="user-card__title">{t('analytics.title')}</h2>
      {/* The whole row is the switch, as the dark-mode row: a tap anywhere on it toggles. */}
      <button
        type="button"
        role="switch"
        aria-checked={on && !dnt}
        aria-describedby="analytics-toggle-hint"
        data-testid="analytics-toggle"
        disabled={dnt}
        className="user-list__item settings__row settings__row--switch"
        onClick={toggle}
      >
        <span className="user-list__label">{t('analytics.share')}</span>
        <span className={`settings__switch${on && !dnt ? ' settings__switch--on' : ''}`} aria-hidden="true">
          <span className="settings__knob" />
        </span>
      </button>
      <p className="settings__hint" id="analytics-toggle-hint" data-testid="analytics-hint">
        {dnt ? t('analytics.doNotTrack') : t('analytics.hint')}
      </p>
    </section>
  );
}
