import type { CheckinState as Checkin } from '@dm51/shared';
import { useTranslation } from 'react-i18next';
import { rewardText } from './task-text';

/**
 * The check-in card: the streak, the 7 streak days with their growing rewards (checked ones
 * ticked, today's ringed), the check-in button, and this week's missed days for a make-up.
 */
export function CheckinCard({
  checkin,
  busy,
  onCheckin,
  onMakeup,
}: {
  checkin: Checkin;
  busy: boolean;
  onCheckin: () => void;
  onMakeup: (date: string) => void;
}) {
  const { t } = useTranslation();
  const current = checkin.days.find((day) => day.current === 1);
  const missed = checkin.week.filter((day) => day.status === 'missed');
  return (
    <section className="quest-checkin" data-testid="quest-checkin" data-streak={checkin.streak}>
      <div className="quest-checkin__head">
        <div>
          <h2 className="quest-checkin__title">
            {checkin.streak > 0 ? t('quest.streak', { count: checkin.streak }) : t('quest.streakNone')}
          </h2>
          <p className="quest-checkin__hint">
            {checkin.today_checked
              ? t('quest.checkedHint')
              : current
                ? t('quest.checkinHint', {
                    reward: rewardText(t, current.reward_type, current.reward_amount),
                  })
                : ''}
          </p>
        </div>
        <button
          type="button"
          className="quest-checkin__button"
          data-testid="quest-checkin-button"
          disabled={checkin.today_checked === 1 || busy}
          onClick={onCheckin}
        >
          {checkin.today_checked ? t('quest.checkedIn') : t('quest.checkin')}
        </button>
      </div>
      <ol className="quest-days">
        {checkin.days.map((day) => (
          <li
            key={day.day}
            className={[
              'quest-day',
              day.checked ? 'quest-day--checked' : '',
              day.current ? 'quest-day--current' : '',
            ].join(' ')}
            data-testid={`quest-day-${day.day}`}
            data-checked={day.checked}
          >
            <span className="quest-day__reward">
              {day.checked ? '✓' : rewardText(t, day.reward_type, day.reward_amount)}
            </span>
            <span className="quest-day__label">{t('quest.day', { count: day.day })}</span>
          </li>
        ))}
      </ol>
      {missed.length > 0 && (
        <div className="quest-makeup" data-testid="quest-makeup">
          <span className="quest-makeup__text">{t('quest.makeupHint', { count: checkin.makeup_cost })}</span>
          {missed.map((day) => (
            <button
              key={day.date}
              type="button"
              className="quest-makeup__day"
              data-testid={`quest-makeup-${day.date}`}
              disabled={busy}
              onClick={() => onMakeup(day.date)}
            >
              {weekdayOf(day.date)}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

/** 'Mon', '周一'… in the page's language (the date is a task day, read as UTC). */
function weekdayOf(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(document.documentElement.lang || undefined, {
    weekday: 'short',
    timeZone: 'UTC',
  });
}
