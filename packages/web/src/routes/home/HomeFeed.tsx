import { HomeTab, type HomeData } from '@dm51/shared';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { BannerSwiper } from '../../components/banner-swiper/BannerSwiper';
import { WorkGrid, WorkStrip } from '../../components/work-card/WorkGrid';
import { XfileImage } from '../../components/xfile-image/XfileImage';
import { detailHref } from '../../components/mixed-list-card/card-fields';
import { ForYouSection } from './ForYouSection';
import { HomeSection as Section } from './HomeSection';
import { HomeSections } from './HomeSections';
import { openLink } from './open-link';

/**
 * False in the feed's first render, true right after it: what lies below the first screen (newest
 * and the category sections) is rendered in a second, interruptible pass (a transition), so the
 * banner, the home's largest paint, is committed and painted without waiting for the whole feed
 * (a slow phone spent several hundred milliseconds rendering it in one go).
 */
function useBelowTheFold(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown;
}

/**
 * True when home's first screen has nothing to show (an empty catalogue: any published work is
 * among the recommended or the newest, so categories cannot have works then).
 */
export function isHomeEmpty(data: HomeData): boolean {
  return data.banner.length === 0 && data.reco.length === 0 && data.news.length === 0;
}

/**
 * The comics or novels tab: banner, banner ad, recommended, "for you" (this reader's own, asked
 * for after the first screen), newest, and one section per category (asked for when the reader
 * heads for them: HomeSections).
 */
export function HomeFeed({
  data,
  tab,
  afterBanner,
}: {
  data: HomeData;
  tab: number;
  afterBanner?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const type = tab === HomeTab.NOVELS ? 1 : 0;
  const listPath = tab === HomeTab.NOVELS ? '/pages/home/novelView' : '/pages/home/homeIndex';
  const now = Date.now() / 1000;
  const slides = data.banner
    .filter((slide) => slide.timeout === 0 || slide.timeout > now)
    .map((slide, i) => ({
      key: `${slide.relate_id}-${i}`,
      pic: slide.picx,
      title: slide.name,
      onOpen: () => openLink(navigate, slide.url || detailHref(slide.types, slide.relate_id)),
    }));
  const ad =
    data.banner_ad && (data.banner_ad.timeout === 0 || data.banner_ad.timeout > now) ? data.banner_ad : null;
  const below = useBelowTheFold();

  return (
    <div className="home-feed" data-testid="home-feed">
      <BannerSwiper slides={slides} />
      {afterBanner}
      {ad && (
        <button
          type="button"
          className="home-ad"
          data-testid="home-banner-ad"
          onClick={() => openLink(navigate, ad.url)}
        >
          <XfileImage src={ad.image} alt="" className="home-ad__image" />
        </button>
      )}
      {data.reco.length > 0 && (
        <Section
          title={t('catalogue.sectionReco')}
          testId="home-reco"
          onMore={() => navigate(`${listPath}?type=${type}&order=score`)}
        >
          <WorkGrid items={data.reco} />
        </Section>
      )}
      <ForYouSection type={type} wanted={below} />
      {below && data.news.length > 0 && (
        <Section
          title={t('catalogue.sectionNews')}
          testId="home-news"
          onMore={() => navigate(`${listPath}?type=${type}&order=new`)}
        >
          <WorkStrip items={data.news} />
        </Section>
      )}
      {below && <HomeSections tab={tab} />}
    </div>
  );
}
