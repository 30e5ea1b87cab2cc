import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBack } from '../nav-bar/use-back';
import './reader-chrome.css';

interface ReaderChromeProps {
  visible: boolean;
  title: string;
  subtitle: string;
  /** "12 / 300" or "40%". */
  progress: string;
  prevId: number;
  nextId: number;
  nextLocked?: boolean;
  onChapter: (chapterId: number) => void;
  onChapters: () => void;
  onSettings: () => void;
  theme?: 'dark' | 'light' | 'sepia';
}

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The readers' top and bottom bars: back, titles, prev/next chapter, chapter list, settings. */
export function ReaderChrome({
  visible,
  title,
  subtitle,
  progress,
  prevId,
  nextId,
  nextLocked = false,
  onChapter,
  onChapters,
  onSettings,
  theme = 'dark',
}: ReaderChromeProps) {
  const { t } = useTranslation();
  const back = useBack();
  const state = visible ? 'reader-bar--shown' : 'reader-bar--hidden';
  return (
    <>
      <header
        className={`reader-bar reader-bar--top reader-bar--${theme} ${state}`}
        data-testid="reader-top-bar"
      >
        <button
          type="button"
          className="reader-bar__icon"
          data-testid="nav-back"
          aria-label={t('common.back')}
          onClick={back}
        >
          <Icon d="M15 5l-7 7 7 7" />
        </button>
        <div className="reader-bar__titles">
          <span className="reader-bar__title" data-testid="reader-title">
            {title}
          </span>
          <span className="reader-bar__subtitle" data-testid="reader-chapter-name">
            {subtitle}
          </span>
        </div>
        <span className="reader-bar__progress" data-testid="reader-progress">
          {progress}
        </span>
      </header>
      <footer
        className={`reader-bar reader-bar--bottom reader-bar--${theme} ${state}`}
        data-testid="reader-bottom-bar"
      >
        <button
          type="button"
          className="reader-bar__action"
          data-testid="reader-prev"
          disabled={prevId <= 0}
          onClick={() => onChapter(prevId)}
        >
          <Icon d="M11 6l-6 6 6 6M19 6l-6 6 6 6" />
          <span>{t('reader.prevChapter')}</span>
        </button>
        <button
          type="button"
          className="reader-bar__action"
          data-testid="reader-chapters"
          onClick={onChapters}
        >
          <Icon d="M4 6h16M4 12h16M4 18h10" />
          <span>{t('reader.chapters')}</span>
        </button>
        <button
          type="button"
          className="reader-bar__action"
          data-testid="reader-settings"
          onClick={onSettings}
        >
          <Icon d="M4 7h10M18 7h2M4 17h4M12 17h8M14 5v4M8 15v4" />
          <span>{t('reader.settings')}</span>
        </button>
        <button
          type="button"
          className="reader-bar__action"
          data-testid="reader-next"
          disabled={nextId <= 0}
          onClick={() => onChapter(nextId)}
        >
          <Icon d="M13 6l6 6-6 6M5 6l6 6-6 6" />
          <span>{nextLocked ? t('reader.nextChapterVip') : t('reader.nextChapter')}</span>
        </button>
      </footer>
    </>
  );
}

/** A bottom sheet over the reader (chapter list, settings); tapping the shade closes it. */
export function ReaderSheet({
  open,
  onClose,
  title,
  children,
  testId,
  theme = 'dark',
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  testId: string;
  theme?: 'dark' | 'light' | 'sepia';
}) {
  const { t } = useTranslation();
  if (!open) return null;
  return (
    <div className={`reader-sheet reader-sheet--${theme}`} data-testid={testId}>
      <button
        type="button"
        className="reader-sheet__shade"
        aria-label={t('common.close')}
        onClick={onClose}
      />
      <section className="reader-sheet__panel" role="dialog" aria-label={title}>
        <header className="reader-sheet__head">
          <h2>{title}</h2>
          <button
            type="button"
            className="reader-sheet__close"
            data-testid={`${testId}-close`}
            onClick={onClose}
          >
            {t('common.close')}
          </button>
        </header>
        <div className="reader-sheet__body">{children}</div>
      </section>
    </div>
  );
}

/** A row of exclusive choices in a settings sheet. */
export function ChoiceRow<V extends string | number>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  testId: string;
}) {
  return (
    <div className="reader-choice" role="radiogroup" aria-label={label}>
      <span className="reader-choice__label">{label}</span>
      <div className="reader-choice__options">
        {options.map((option) => (
          <button
            key={String(option.value)}
            type="button"
            role="radio"
            aria-checked={option.value === value}
            className={`reader-choice__option${option.value === value ? ' reader-choice__option--on' : ''}`}
            data-testid={`${testId}-${option.value}`}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
    </div>
  );
}
