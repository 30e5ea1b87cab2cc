import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavBar } from '../nav-bar/NavBar';
import { EditBar } from './EditBar';
import type { EditMode } from './use-edit-mode';

/*
 * The edit mode of a list page (bookshelf, history): an edit / done switch in the nav bar, a tick on
 * each item, and a bottom bar that selects all and deletes the selection. The look is in
 * routes/book/book.css (`book-page*`), which both pages load.
 */

/**
 * The page around an editable list: nav bar with the switch (only while the list has items), the
 * page's own content (filters, then the EditableList), and the edit bar; edit mode ends once a
 * delete went through.
 */
export function EditableListPage(props: {
  testId: string;
  /** The nav bar's edit / done switch. */
  editTestId: string;
  title: string;
  edit: EditMode;
  children: ReactNode;
}) {
  const { edit } = props;
  const { t } = useTranslation();
  return (
    <div className="page book-page" data-testid={props.testId}>
      <NavBar
        title={props.title}
        right={
          edit.ids.length > 0 && (
            <button
              type="button"
              className="book-page__edit"
              data-testid={props.editTestId}
              onClick={edit.toggleEditing}
            >
              {edit.editing ? t('shelf.done') : t('shelf.edit')}
            </button>
          )
        }
      />
      {props.children}
      {edit.editing && (
        <EditBar
          count={edit.selected.size}
          total={edit.ids.length}
          busy={edit.remove.isPending}
          onSelectAll={() => edit.setAll(edit.ids)}
          onDelete={() => edit.remove.mutate([...edit.selected], { onSuccess: () => edit.toggleEditing() })}
        />
      )}
    </div>
  );
}

/** The list's box; in edit mode it leaves room for the edit bar. */
export function EditableList({
  edit,
  className,
  children,
}: {
  edit: EditMode;
  className: string;
  children: ReactNode;
}) {
  return <div className={`${className}${edit.editing ? ' book-page__list--editing' : ''}`}>{children}</div>;
}

/** The tick on a selectable item; `inline` sits in a row instead of over a cover. */
export function SelectMark({ selected, inline = false }: { selected: boolean; inline?: boolean }) {
  return (
    <span
      className={`select-mark${inline ? ' select-mark--inline' : ''}${selected ? ' select-mark--on' : ''}`}
      aria-hidden="true"
    >
      {selected && '✓'}
    </span>
  );
}
