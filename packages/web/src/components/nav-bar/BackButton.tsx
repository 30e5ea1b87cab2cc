import { useTranslation } from 'react-i18next';
import { useBack } from './use-back';

/**
 * The back arrow of every top bar (page nav bar, search box, reader); it follows the back rule of
 * `useBack`. Bars differ only in their class and how large and bold the arrow is.
 */
export function BackButton({
  className,
  size = 24,
  strokeWidth = 2.2,
}: {
  className: string;
  size?: number;
  strokeWidth?: number;
}) {
  const { t } = useTranslation();
  const back = useBack();
  return (
    <button
      type="button"
      className={className}
      data-testid="nav-back"
      aria-label={t('common.back')}
      onClick={back}
    >
      <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
        <path
          d="M15 5l-7 7 7 7"
          fill="none"
          stroke="currentColor"
          strokeWidth={strokeWidth}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
