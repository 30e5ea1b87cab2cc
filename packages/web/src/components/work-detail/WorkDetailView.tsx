import { WorkType, type ChapterItem, type WorkDetail } from '@dm51/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanded } from '../../lib/use-landed';
import { useNavigate } from '../../lib/router';
import { ChapterList } from '../chapter-list/ChapterList';
import { kindOfType } from '../downloads/download-kind';
import { useDownloadedIds } from '../downloads/use-downloaded-ids';
import { WorkDownload } from '../downloads/WorkDownload';
import { readingStart } from '../chapter-list/chapter-order';
import { useFavoriteToggle } from '../../state/queries/shelf';
import { readerHref } from './reader-href';
import { AlsoReadRow } from './AlsoReadRow';
import { WorkAbout } from './WorkAbout';
import { WorkActionBar } from './WorkActionBar';
import { WorkHero } from './WorkHero';
import { compactCount } from '../../lib/compact-count';
import './work-detail.css';

// Below the fold, and built on antd-mobile's inputs and sheets (~40 KiB brotli with it): fetched
// once the landing image has painted (lib/after-landing.ts), so on a detail link's first load the
// cover does not share the network with them. Later visits to a detail page show them at once.
const CommentsSection = lazy(() =>
  import('../comments/CommentsSection').then((module) => ({ default: module.CommentsSection })),
);

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
  const favorite = useFavoriteToggle(work.type, work.relate_id);
  const scrolled = useScrolledPast(140);
  const landed = useLanded();
  const novel = work.type === WorkType.NOVEL;
  const start = readingStart(work.read, work.first_chapter_id);
  const kind = kindOfType(work.type);
  const downloaded = useDownloadedIds(kind, chapters);
  const open = (chapterId: number, resume: boolean) =>
    navigate(readerHref(work.type, work.relate_id, chapterId, resume ? work.read : null));

  return (
    <div className="page work-detail" data-testid="work-detail" data-work-id={work.relate_id}>
      <WorkHero
        work={work}
        solidNav={scrolled}
        stats={[
          t('catalogue.statsViews', { count: work.views, n: compactCount(work.views) }),
          t('catalogue.statsFavorites', { count: work.favorites, n: compactCount(work.favorites) }),
        ].join(' · ')}
        authors={
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
        }
      />

      <div className="work-detail__body">
        <WorkAbout work={work} tagPath={novel ? '/pages/novel/novelTag' : '/pages/cartoon/tag'} />
        <section className="work-detail__chapters">
          <ChapterList
            chapters={chapters}
            currentId={work.read?.chapter_id ?? null}
            downloadedIds={downloaded}
            onOpen={(chapter) => open(chapter.id, chapter.id === work.read?.chapter_id)}
          />
        </section>
        {landed && <AlsoReadRow workId={work.relate_id} />}
        {landed && (
          <Suspense fallback={null}>
            <CommentsSection workId={work.relate_id} type={work.type} />
          </Suspense>
        )}
      </div>

      <WorkActionBar
        work={work}
        favorite={favorite}
        extra={
          <WorkDownload
            type={work.type}
            work={{ kind, workId: work.relate_id, workName: work.name, cover: work.pic }}
            chapters={chapters}
            currentId={start?.chapterId ?? 0}
            context={{ detail: work, chapters }}
          />
        }
        action={{
          testId: 'detail-read',
          disabled: start === null,
          onClick: () => start && open(start.chapterId, start.resume),
          label:
            start === null
              ? t('catalogue.noChapters')
              : start.resume
                ? t('catalogue.continueReading', { chapter: work.read?.chapter_name ?? '' })
                : t('catalogue.startReading'),
          // The place came from the e-reader: say so, or the jump from the app's last page surprises.
          note:
            start?.resume && work.read?.synced_from
              ? t('shelf.syncedFrom', { device: work.read.synced_from })
              : undefined,
        }}
      />
    </div>
  );
}
