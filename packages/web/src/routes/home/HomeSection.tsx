import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One titled block of home (recommended, newest, a category), with its "more" link. */
export function HomeSection({
  title,
  onMore,
  children,
  testId,
}: {
  title: string;
  onMore?: () => void;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="home-section" data-testid={testId}>
      <header className="home-section__head">
        <h2 className="home-section__title">{title}</h2>
        {onMore && (
          <button
            type="button"
            className="home-section__more"
            data-testid={`${testId}-more`}
            onClick={onMore}
          >
            {t('catalogue.more')}
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
              <path
                d="M9 6l6 6-6 6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        )}
      </header>
      {children}
    </section>
  );
}
