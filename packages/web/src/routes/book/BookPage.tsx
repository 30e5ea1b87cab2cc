import { WorkType, type ShelfItem } from '@dm51/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { SegmentTabs } from '../../components/filter-chips/FilterChips';
import { detailHref } from '../../components/mixed-list-card/card-fields';
import { NavBar } from '../../components/nav-bar/NavBar';
import { PagedListView } from '../../components/paged-list/PagedListView';
import { EditBar } from '../../components/work-card/EditBar';
import { useSelection } from '../../components/work-card/use-selection';
import { XfileImage } from '../../components/xfile-image/XfileImage';
import { useShelfDelete, useShelfList } from '../../state/queries/shelf';
import type { PageProps } from '../page-props';
import './book.css';

function ShelfCard({
  item,
  editing,
  selected,
  onTap,
}: {
  item: ShelfItem;
  editing: boolean;
  selected: boolean;
  onTap: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="shelf-card"
      data-testid={`shelf-item-${item.relate_id}`}
      aria-pressed={editing ? selected : undefined}
      onClick={onTap}
    >
      <span className="shelf-card__cover">
        <XfileImage src={item.pic} alt={item.name} className="shelf-card__image" />
        {item.has_update === 1 && <span className="shelf-card__update">{t('shelf.updated')}</span>}
        {editing && (
          <span className={`select-mark${selected ? ' select-mark--on' : ''}`} aria-hidden="true">
            {selected && '✓'}
          </span>
        )}
      </span>
      <span className="shelf-card__name">{item.name}</span>
      <span className="shelf-card__progress">
        {item.read ? t('shelf.readTo', { chapter: item.read.chapter_name }) : t('shelf.notStarted')}
      </span>
    </button>
  );
}

/** Bookshelf (/pages/book/book): favourite comics and novels, edit mode with batch delete. */
export default function BookPage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const type = params.get('type') === '1' ? WorkType.NOVEL : WorkType.COMIC;
  const list = useShelfList(type);
  const remove = useShelfDelete(type);
  const selection = useSelection();

  return (
    <div className="page book-page" data-testid="book-page">
      <NavBar
        title={t(route.titleKey)}
        right={
          list.items.length > 0 && (
            <button
              type="button"
              className="book-page__edit"
              data-testid="shelf-edit"
              onClick={selection.toggleEditing}
            >
              {selection.editing ? t('shelf.done') : t('shelf.edit')}
            </button>
          )
        }
      />
      <SegmentTabs
        testId="shelf-type"
        value={type}
        onChange={(next) => {
          if (selection.editing) selection.toggleEditing();
          setParams({ type: String(next) }, { replace: true });
        }}
        options={[
          { value: WorkType.COMIC, label: t('home.tabComics') },
          { value: WorkType.NOVEL, label: t('home.tabNovels') },
        ]}
      />
      <div className={`book-page__list${selection.editing ? ' book-page__list--editing' : ''}`}>
        <PagedListView
          list={list}
          empty={{
            title: t('shelf.empty'),
            hint: t('shelf.emptyHint'),
            kind: type === WorkType.NOVEL ? 'novels' : 'comics',
            action: (
              <button
                type="button"
                className="book-page__browse"
                onClick={() => navigate('/pages/home/home?tab=' + (type === 1 ? 2 : 0))}
              >
                {t('shelf.browse')}
              </button>
            ),
          }}
          testId="shelf-list"
        >
          {(items) => (
            <div className="shelf-grid">
              {items.map((item) => (
                <ShelfCard
                  key={item.relate_id}
                  item={item}
                  editing={selection.editing}
                  selected={selection.selected.has(item.relate_id)}
                  onTap={() =>
                    selection.editing
                      ? selection.toggle(item.relate_id)
                      : navigate(detailHref(item.type, item.relate_id))
                  }
                />
              ))}
            </div>
          )}
        </PagedListView>
      </div>
      {selection.editing && (
        <EditBar
          count={selection.selected.size}
          total={list.items.length}
          busy={remove.isPending}
          onSelectAll={() => selection.setAll(list.items.map((item) => item.relate_id))}
          onDelete={() =>
            remove.mutate([...selection.selected], {
              onSuccess: () => selection.toggleEditing(),
            })
          }
        />
      )}
    </div>
  );
}
