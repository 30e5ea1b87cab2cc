import { WorkType, type HistoryItem } from '@dm51/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { FilterChips } from '../../components/filter-chips/FilterChips';
import { PagedListView } from '../../components/paged-list/PagedListView';
import { EditableList, EditableListPage, SelectMark } from '../../components/work-card/EditableListPage';
import { useEditMode, type EditableItemProps } from '../../components/work-card/use-edit-mode';
import { relativeTime } from '../../components/work-card/relative-time';
import { SyncedFromLine } from '../../components/work-card/SyncedFromLine';
import { readerHref } from '../../components/work-detail/reader-href';
import { WorkCover } from '../../components/generated-cover/WorkCover';
import { useDeleteHistory, useHistoryList } from '../../state/queries/history';
import type { PageProps } from '../page-props';
import '../../components/mixed-list-card/mixed-list-card.css';
import './book.css';

function useWhen() {
  const { t } = useTranslation();
  const now = Date.now() / 1000;
  return (time: number) => {
    const when = relativeTime(time, now);
    if (when.key === 'justNow') return t('shelf.justNow');
    if (when.key === 'date') return when.date;
    return t(`shelf.${when.key}Ago`, { count: when.count });
  };
}

/** Seconds as m:ss (or h:mm:ss), the way a player shows a time. */
export function clockTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

function HistoryRow({ item, editing, selected, onTap }: EditableItemProps<HistoryItem>) {
  const { t } = useTranslation();
  const when = useWhen();
  const novel = item.type === WorkType.NOVEL;
  const anime = item.type === WorkType.ANIME;
  // An episode's place is a time in it (seconds), a comic's a page, a novel's a share of the chapter.
  const place = anime
    ? t('shelf.placeAnime', { time: clockTime(item.read.position) })
    : novel
      ? t('shelf.placeNovel', { percent: item.read.percent })
      : t('shelf.placeComic', { page: item.read.page_index + 1 });
  const typeKey = anime ? 'catalogue.typeAnime' : novel ? 'catalogue.typeNovel' : 'catalogue.typeComic';
  return (
    <button
      type="button"
      className="history-row"
      data-testid={`history-item-${item.relate_id}`}
      data-chapter-id={item.read.chapter_id}
      data-page-index={item.read.page_index}
      data-position={item.read.position}
      onClick={onTap}
    >
      {editing && <SelectMark selected={selected} inline />}
      <WorkCover src={item.pic} title={item.name} author={item.author} className="history-row__cover" />
      <span className="history-row__body">
        <span className="history-row__name">
          <span className="mixed-card__type">{t(typeKey)}</span>
          {item.name}
        </span>
        <span className="history-row__place" data-testid="history-place">
          {t('shelf.readTo', { chapter: item.read.chapter_name })} · {place}
        </span>
        <SyncedFromLine device={item.read.synced_from} className="history-row__synced" />
        <span className="history-row__meta">
          <span className="history-row__bar">
            <span style={{ width: `${item.progress}%` }} />
          </span>
          {when(item.read.readtime)}
        </span>
      </span>
      {!editing && (
        <span className="history-row__continue" data-testid="history-continue">
          {t('shelf.continue')}
        </span>
      )}
    </button>
  );
}

/** History (/pages/book/history): last chapter and place, newest first; continue in one tap. */
export default function HistoryPage({ route }: PageProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('type');
  const type = raw === '0' || raw === '1' ? Number(raw) : -1;
  const navigate = useNavigate();
  const list = useHistoryList(type);
  const edit = useEditMode(list.items, useDeleteHistory());

  return (
    <EditableListPage testId="history-page" editTestId="history-edit" title={t(route.titleKey)} edit={edit}>
      <FilterChips
        testId="history-type"
        label={t('catalogue.filterType')}
        value={type}
        onChange={(next) => setParams(next === -1 ? {} : { type: String(next) }, { replace: true })}
        options={[
          { value: -1, label: t('catalogue.all') },
          { value: 0, label: t('home.tabComics') },
          { value: 1, label: t('home.tabNovels') },
        ]}
      />
      <EditableList edit={edit} className="history-list">
        <PagedListView
          list={list}
          empty={{ title: t('shelf.historyEmpty'), hint: t('shelf.historyEmptyHint') }}
          testId="history-list"
        >
          {(items) =>
            items.map((item) => (
              <HistoryRow
                key={`${item.type}:${item.relate_id}`}
                item={item}
                {...edit.itemProps(item.relate_id, () =>
                  navigate(readerHref(item.type, item.relate_id, item.read.chapter_id, item.read)),
                )}
              />
            ))
          }
        </PagedListView>
      </EditableList>
    </EditableListPage>
  );
}
