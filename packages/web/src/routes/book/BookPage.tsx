import { WorkType, type ShelfItem } from '@dm51/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { SegmentTabs } from '../../components/filter-chips/FilterChips';
import { detailHref } from '../../components/mixed-list-card/card-fields';
import { PagedListView } from '../../components/paged-list/PagedListView';
import { EditableList, EditableListPage, SelectMark } from '../../components/work-card/EditableListPage';
import { SyncedFromLine } from '../../components/work-card/SyncedFromLine';
import { useEditMode, type EditableItemProps } from '../../components/work-card/use-edit-mode';
import { WorkCover } from '../../components/generated-cover/WorkCover';
import { useShelfDelete, useShelfList } from '../../state/queries/shelf';
import type { PageProps } from '../page-props';
import './book.css';

function ShelfCard({ item, editing, selected, onTap }: EditableItemProps<ShelfItem>) {
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
        <WorkCover src={item.pic} title={item.name} author={item.author} className="shelf-card__image" />
        {item.has_update === 1 && <span className="shelf-card__update">{t('shelf.updated')}</span>}
        {editing && <SelectMark selected={selected} />}
      </span>
      <span className="shelf-card__name">{item.name}</span>
      <span className="shelf-card__progress">
        {item.read ? t('shelf.readTo', { chapter: item.read.chapter_name }) : t('shelf.notStarted')}
      </span>
      {item.read && <SyncedFromLine device={item.read.synced_from} className="shelf-card__synced" />}
    </button>
  );
}

/** Bookshelf (/pages/book/book): favourite comics and novels, edit mode with batch delete. */
export default function BookPage({ route }: PageProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const type = params.get('type') === '1' ? WorkType.NOVEL : WorkType.COMIC;
  const navigate = useNavigate();
  const list = useShelfList(type);
  const edit = useEditMode(list.items, useShelfDelete(type));

  return (
    <EditableListPage testId="book-page" editTestId="shelf-edit" title={t(route.titleKey)} edit={edit}>
      <SegmentTabs
        testId="shelf-type"
        value={type}
        onChange={(next) => {
          if (edit.editing) edit.toggleEditing();
          setParams({ type: String(next) }, { replace: true });
        }}
        options={[
          { value: WorkType.COMIC, label: t('home.tabComics') },
          { value: WorkType.NOVEL, label: t('home.tabNovels') },
        ]}
      />
      <EditableList edit={edit} className="book-page__list">
        <PagedListView
          list={list}
          empty={{
            title: t('shelf.empty'),
            hint: t('shelf.emptyHint'),
            kind: type === WorkType.NOVEL ? 'novels' : 'comics',
            action: (
              <button
                type="button"
                className="empty-state__action"
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
                  {...edit.itemProps(item.relate_id, () => navigate(detailHref(item.type, item.relate_id)))}
                />
              ))}
            </div>
          )}
        </PagedListView>
      </EditableList>
    </EditableListPage>
  );
}
