import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionButtons, type Choice } from '../filter-chips/OptionButtons';
import { BackButton } from '../nav-bar/BackButton';
import './reader-chrome.css';

interface ReaderChromeProps {
  visible: boolean;
  title: string;
  subtitle: string;
  /** "12 / 300" or "40%". */
  progress: string;
  prevId: number;
  nextId: number;
  /** The next button's i18n key (next-label.ts): plain, or how a locked next chapter opens. */
  nextLabel?: string;
  onChapter: (chapterId: number) => void;
  onChapters: () => void;
  onSettings: () => void;
  /** Opens the download sheet (this chapter, the next ones...). */
  onDownload?: () => void;
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

/** One labelled icon button of the bottom bar. */
function BarAction({
  testId,
  icon,
  label,
  disabled,
  onClick,
}: {
  testId: string;
  /** The path of a 24×24 stroked icon. */
  icon: string;
  label: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="reader-bar__action"
      data-testid={testId}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon d={icon} />
      <span>{label}</span>
    </button>
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
  nextLabel = 'reader.nextChapter',
  onChapter,
  onChapters,
  onSettings,
  onDownload,
  theme = 'dark',
}: ReaderChromeProps) {
  const { t } = useTranslation();
  const state = visible ? 'reader-bar--shown' : 'reader-bar--hidden';
  return (
    <>
      <header
        className={`reader-bar reader-bar--top reader-bar--${theme} ${state}`}
        data-testid="reader-top-bar"
      >
        <BackButton className="reader-bar__icon" size={22} strokeWidth={2} />
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
        {onDownload && (
          <button
            type="button"
            className="reader-bar__icon"
            data-testid="reader-download"
            aria-label={t('reader.download')}
            onClick={onDownload}
          >
            <Icon d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14" />
          </button>
        )}
      </header>
      <footer
        className={`reader-bar reader-bar--bottom reader-bar--${theme} ${state}`}
        data-testid="reader-bottom-bar"
      >
        <BarAction
          testId="reader-prev"
          icon="M11 6l-6 6 6 6M19 6l-6 6 6 6"
          label={t('reader.prevChapter')}
          disabled={prevId <= 0}
          onClick={() => onChapter(prevId)}
        />
        <BarAction
          testId="reader-chapters"
          icon="M4 6h16M4 12h16M4 18h10"
          label={t('reader.chapters')}
          onClick={onChapters}
        />
        <BarAction
          testId="reader-settings"
          icon="M4 7h10M18 7h2M4 17h4M12 17h8M14 5v4M8 15v4"
          label={t('reader.settings')}
          onClick={onSettings}
        />
        <BarAction
          testId="reader-next"
          icon="M13 6l6 6-6 6M5 6l6 6-6 6"
          label={t(nextLabel)}
          disabled={nextId <= 0}
          onClick={() => onChapter(nextId)}
        />
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
export function ChoiceRow<V extends string | number>({ label, ...choice }: Choice<V> & { label: string }) {
  return (
    <div className="reader-choice" role="radiogroup" aria-label={label}>
      <span className="reader-choice__label">{label}</span>
      <div className="reader-choice__options">
        <OptionButtons {...choice} className="reader-choice__option" />
      </div>
    </div>
  );
}

/** Scroll or pages: the comic layout and the novel flow offer the same two. */
export function ScrollOrPagedRow({
  label,
  ...choice
}: Omit<Choice<'scroll' | 'paged'>, 'options'> & { label: string }) {
  const { t } = useTranslation();
  const options = [
    { value: 'scroll', label: t('reader.layoutScroll') },
    { value: 'paged', label: t('reader.layoutPaged') },
  ] as const;
  return <ChoiceRow label={label} options={options} {...choice} />;
}
