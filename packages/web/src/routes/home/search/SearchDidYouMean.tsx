import { useTranslation } from 'react-i18next';
import './search-did-you-mean.css';

/**
 * "Showing results for …" above search results when the server read a word as another
 * ("Captian" → "Captain"): `suggestion` is the keyword as searched; tapping it searches that.
 * Else "Did you mean …?" when the keyword found a few works and `offered` finds clearly more
 * ("mistery" → "mystery"): the results stay those of the keyword as typed; tapping searches it.
 * Nothing when the keyword was searched as typed and nothing is offered.
 */
export function SearchDidYouMean({
  keyword,
  suggestion,
  offered = '',
  onSearch,
}: {
  keyword: string;
  suggestion: string;
  offered?: string;
  onSearch: (keyword: string) => void;
}) {
  const { t } = useTranslation();
  if (suggestion && suggestion !== keyword) {
    return (
      <p className="search-did-you-mean" data-testid="search-did-you-mean">
        <button type="button" onClick={() => onSearch(suggestion)}>
          {t('catalogue.searchCorrected', { keyword: suggestion })}
        </button>
      </p>
    );
  }
  if (!offered || offered === keyword) return null;
  return (
    <p className="search-did-you-mean" data-testid="search-did-you-mean-few">
      <button type="button" onClick={() => onSearch(offered)}>
        {t('catalogue.searchDidYouMean', { keyword: offered })}
      </button>
    </p>
  );
}
