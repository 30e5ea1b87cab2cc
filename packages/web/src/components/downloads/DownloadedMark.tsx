import { useTranslation } from 'react-i18next';
import './downloaded-mark.css';

/** The small "downloaded" tick the chapter and episode lists put on what opens offline. */
export function DownloadedMark({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className="downloaded-mark"
      data-testid={testId}
      role="img"
      aria-label={t('catalogue.downloaded')}
      title={t('catalogue.downloaded')}
    >
      <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <path
          d="M8 4.5v5M5.8 7.6 8 9.8l2.2-2.2M5 11.7h6"
          fill="none"
          stroke="var(--primary-bg-color)"
          strokeWidth="1.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}
