import { useTranslation } from 'react-i18next';
import './edit-bar.css';

/** The bottom bar of an edit mode: select all, and delete the selection. */
export function EditBar({
  count,
  total,
  onSelectAll,
  onDelete,
  busy,
}: {
  count: number;
  total: number;
  onSelectAll: () => void;
  onDelete: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <footer className="edit-bar" data-testid="edit-bar">
      <button type="button" className="edit-bar__all" data-testid="edit-select-all" onClick={onSelectAll}>
        {count === total && total > 0 ? t('shelf.selectNone') : t('shelf.selectAll')}
      </button>
      <button
        type="button"
        className="edit-bar__delete"
        data-testid="edit-delete"
        disabled={count === 0 || busy}
        onClick={onDelete}
      >
        {t('shelf.deleteCount', { count })}
      </button>
    </footer>
  );
}
