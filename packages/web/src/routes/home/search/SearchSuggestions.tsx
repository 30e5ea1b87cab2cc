import { useTranslation } from 'react-i18next';
import { detailHref, typeKey } from '../../../components/mixed-list-card/card-fields';
import { useNavigate } from '../../../lib/router';
import { useSearchSuggestions } from '../../../state/queries/search-suggest';
import './search-suggestions.css';

/**
 * Suggestions under the search box as the reader types: titles (opening the work) and authors
 * (searching for them), found by the server in either Chinese script, in pinyin or initials
 * (`hzw` suggests 海贼王). Hidden while there is nothing typed or nothing to suggest.
 */
export function SearchSuggestions({
  typed,
  type = -1,
  onSearch,
}: {
  typed: string;
  type?: number;
  onSearch: (keyword: string) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const suggestions = useSearchSuggestions(typed, type);
  const list = typed.trim() === '' ? [] : (suggestions.data ?? []);
  if (list.length === 0) return null;
  return (
    <ul className="search-suggest" data-testid="search-suggestions" aria-label={t('catalogue.suggestions')}>
      {list.map((item) => (
        <li key={`${item.kind}-${item.id}`}>
          <button
            type="button"
            className="search-suggest__item"
            data-testid="search-suggestion"
            data-kind={item.kind}
            // Pointer down, not click: the input's blur (which hides this list) comes before a click.
            onPointerDown={(event) => event.preventDefault()}
            onClick={() =>
              item.kind === 'title' ? navigate(detailHref(item.type, item.id)) : onSearch(item.text)
            }
          >
            <span className="search-suggest__text">{item.text}</span>
            <span className="search-suggest__kind">
              {item.kind === 'author' ? t('catalogue.suggestAuthor') : t(typeKey(item.type))}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
