import { SEARCH_KEYWORD_MAX } from '@dm51/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackButton } from '../../../components/nav-bar/BackButton';
import { SearchSuggestions } from './SearchSuggestions';
import './search.css';

/**
 * The search bar both search pages share: back, input, search button; Enter submits. While the
 * input has focus and holds text that differs from what was searched, suggestions show under it.
 */
export function SearchBox({
  initial,
  onSubmit,
  autoFocus = false,
  type = -1,
}: {
  initial: string;
  onSubmit: (keyword: string) => void;
  autoFocus?: boolean;
  /** The work type suggestions are narrowed to (-1 all). */
  type?: number;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [focused, setFocused] = useState(autoFocus);
  const submit = () => {
    const keyword = value.trim();
    if (keyword !== '') onSubmit(keyword);
  };
  return (
    <form
      className="search-box"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <BackButton className="search-box__back" />
      <label className="search-box__field">
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16 16l4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          type="search"
          enterKeyHint="search"
          data-testid="search-input"
          value={value}
          maxLength={SEARCH_KEYWORD_MAX}
          placeholder={t('catalogue.searchPlaceholder')}
          aria-label={t('catalogue.searchPlaceholder')}
          autoFocus={autoFocus}
          onChange={(event) => setValue(event.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setFocused(false);
          }}
        />
      </label>
      <button
        type="submit"
        className="search-box__go"
        data-testid="search-submit"
        disabled={value.trim() === ''}
      >
        {t('catalogue.searchAction')}
      </button>
      {focused && value.trim() !== initial.trim() && (
        <SearchSuggestions
          typed={value}
          type={type}
          onSearch={(keyword) => {
            setValue(keyword);
            setFocused(false);
            onSubmit(keyword);
          }}
        />
      )}
    </form>
  );
}
