import type { WorkDetail } from '@dm51/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatScore, isRated } from '../mixed-list-card/card-fields';
import { NavBar } from '../nav-bar/NavBar';
import { WorkCover } from '../generated-cover/WorkCover';
import { useXfileImage } from '../xfile-image/use-xfile-image';

/**
 * The top of a detail page (comic, novel, anime; spec §2: white title over the artwork): the blurred
 * cover behind a transparent nav bar, then cover, title, score, status, VIP mark and one line of stats.
 */
export function WorkHero({
  work,
  solidNav = false,
  authors,
  stats,
}: {
  work: WorkDetail;
  /** Scrolled past the artwork: the nav bar gets a backing and shows the work's name. */
  solidNav?: boolean;
  authors?: ReactNode;
  stats: string;
}) {
  const { t } = useTranslation();
  const backdrop = useXfileImage(work.pic);
  return (
    <div className="work-detail__hero">
      {backdrop.url && (
        <div className="work-detail__backdrop" style={{ backgroundImage: `url("${backdrop.url}")` }} />
      )}
      <div className="work-detail__shade" />
      <div className={`work-detail__nav${solidNav ? ' work-detail__nav--solid' : ''}`}>
        <NavBar white title={solidNav ? work.name : ''} />
      </div>
      <div className="work-detail__head">
        <WorkCover
          src={work.pic}
          title={work.name}
          author={work.authors.map((author) => author.name).join(' / ') || work.author}
          className="work-detail__cover"
        />
        <div className="work-detail__meta">
          <h1 className="work-detail__title" data-testid="detail-title">
            {work.name}
          </h1>
          {authors}
          <div className="work-detail__facts">
            {isRated(work.score) ? (
              <span className="work-detail__score">
                {t('card.score', { score: formatScore(work.score) })}
              </span>
            ) : (
              <span className="work-detail__unrated">{t('card.unrated')}</span>
            )}
            <span className="work-detail__status">
              {t(work.isend ? 'card.finished' : 'card.serialising')}
            </span>
            {work.pay === 2 && <span className="work-detail__vip">VIP</span>}
          </div>
          <div className="work-detail__stats">{stats}</div>
        </div>
      </div>
    </div>
  );
}
