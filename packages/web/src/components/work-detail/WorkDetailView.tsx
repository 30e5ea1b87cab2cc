import { WorkType, type ChapterItem, type WorkDetail } from '@dm51/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ChapterList } from '../chapter-list/ChapterList';
import { CommentsSection } from '../comments/CommentsSection';
import { readingStart } from '../chapter-list/chapter-order';
import { formatScore } from '../mixed-list-card/card-fields';
import { NavBar } from '../nav-bar/NavBar';
import { XfileImage } from '../xfile-image/XfileImage';
import { useXfileImage } from '../xfile-image/use-xfile-image';
import { useFavoriteToggle } from '../../state/queries/shelf';
import { readerHref } from './reader-href';
import './work-detail.css';

function compact(n: number): string {
  if (n >= 10_000) return `${(n / 10_000).toFixed(n >= 100_000 ? 0 : 1)}w`;
  if (n >= 1_000) return `${(n / 1_000).toFixed(1)}k`;
  return String(n);
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d="M12 20s-7-4.4-9-9.1C1.7 7.6 3.8 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.2 0 5.3 3.1 4 6.4-2 4.7-9 9.1-9 9.1z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Whether the page has scrolled past the artwork, so the bar over it needs a backing. */
function useScrolledPast(y: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > y);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [y]);
  return past;
}

/**
 * Comic detail and novel cover (spec §2: white title over the artwork): cover, title, authors,
 * score, status, tags, summary, chapters (asc/desc), start or continue reading, favourite toggle.
 */
export function WorkDetailView({ work, chapters }: { work: WorkDetail; chapters: readonly ChapterItem[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [summaryOpen, setSummaryOpen] = useState(false);
  const favorite = useFavoriteToggle(work.type, work.relate_id);
  const backdrop = useXfileImage(work.pic);
  const scrolled = useScrolledPast(140);
  const novel = work.type === WorkType.NOVEL;
  const tagPath = novel ? '/pages/novel/novelTag' : '/pages/cartoon/tag';
  const start = readingStart(work.read, work.first_chapter_id);
  const open = (chapterId: number, resume: boolean) =>
    navigate(readerHref(work.type, work.relate_id, chapterId, resume ? work.read : null));

  return (
    <div className="page work-detail" data-testid="work-detail" data-work-id={work.relate_id}>
      <div className="work-detail__hero">
        {backdrop.url && (
          <div className="work-detail__backdrop" style={{ backgroundImage: `url("${backdrop.url}")` }} />
        )}
        <div className="work-detail__shade" />
        <div className={`work-detail__nav${scrolled ? ' work-detail__nav--solid' : ''}`}>
          <NavBar white title={scrolled ? work.name : ''} />
        </div>
        <div className="work-detail__head">
          <XfileImage src={work.pic} alt={work.name} className="work-detail__cover" />
          <div className="work-detail__meta">
            <h1 className="work-detail__title" data-testid="detail-title">
              {work.name}
            </h1>
            <div className="work-detail__authors">
              {work.authors.map((author) => (
                <button
                  key={`${author.id}-${author.role}`}
                  type="button"
                  className="work-detail__author"
                  data-testid={`detail-author-${author.id}`}
                  onClick={() => navigate(`/pages/menu/author?id=${author.id}`)}
                >
                  {author.name}
                </button>
              ))}
            </div>
            <div className="work-detail__facts">
              <span className="work-detail__score">
                {t('card.score', { score: formatScore(work.score) })}
              </span>
              <span className="work-detail__status">
                {t(work.isend ? 'card.finished' : 'card.serialising')}
              </span>
              {work.pay === 2 && <span className="work-detail__vip">VIP</span>}
            </div>
            <div className="work-detail__stats">
              {t('catalogue.stats', { views: compact(work.views), favorites: compact(work.favorites) })}
            </div>
          </div>
        </div>
      </div>

      <div className="work-detail__body">
        {work.tag_list.length > 0 && (
          <div className="work-detail__tags">
            {work.tag_list.map((tag) => (
              <button
                key={tag.id}
                type="button"
                className="work-detail__tag"
                data-testid={`detail-tag-${tag.id}`}
                onClick={() => navigate(`${tagPath}?id=${tag.id}&name=${encodeURIComponent(tag.name)}`)}
              >
                {tag.name}
              </button>
            ))}
          </div>
        )}
        {work.summary && (
          <button
            type="button"
            className={`work-detail__summary${summaryOpen ? ' work-detail__summary--open' : ''}`}
            data-testid="detail-summary"
            onClick={() => setSummaryOpen(!summaryOpen)}
          >
            {work.summary}
          </button>
        )}
        <section className="work-detail__chapters">
          <ChapterList
            chapters={chapters}
            currentId={work.read?.chapter_id ?? null}
            onOpen={(chapter) => open(chapter.id, chapter.id === work.read?.chapter_id)}
          />
        </section>
        <CommentsSection workId={work.relate_id} type={work.type} />
      </div>

      <footer className="work-detail__bar">
        <button
          type="button"
          className={`work-detail__fav${work.is_favorite ? ' work-detail__fav--on' : ''}`}
          data-testid="detail-favorite"
          aria-pressed={work.is_favorite === 1}
          disabled={favorite.isPending}
          onClick={() => favorite.mutate(work.is_favorite !== 1)}
        >
          <HeartIcon filled={work.is_favorite === 1} />
          <span>{work.is_favorite ? t('catalogue.favorited') : t('catalogue.favorite')}</span>
        </button>
        <button
          type="button"
          className="work-detail__read"
          data-testid="detail-read"
          disabled={start === null}
          onClick={() => start && open(start.chapterId, start.resume)}
        >
          {start === null
            ? t('catalogue.noChapters')
            : start.resume
              ? t('catalogue.continueReading', { chapter: work.read?.chapter_name ?? '' })
              : t('catalogue.startReading')}
        </button>
      </footer>
    </div>
  );
}
