import { DEFAULT_AD_PIC_RPX } from '@dm51/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import {
  adClickTarget,
  adPlacement,
  isAdVisible,
  recordClose,
  rpxToPx,
  type AdPage,
} from '../../lib/ad-rules';
import { adStore } from '../../lib/ad-store';
import { track } from '../../lib/analytics';
import { isStandalone, openExternal } from '../../lib/platform';
import { reportAdClick, reportAdImpression, useAdsQuery } from '../../state/queries/ads';
import { XfileImage } from '../xfile-image/XfileImage';
import { adTextColours } from './ad-text-colour';
import './ad-float.css';

/** Width used when the console left pic_width at 0 (rpx); the console's preview uses the same. */
const DEFAULT_PIC_RPX = DEFAULT_AD_PIC_RPX;

function appWidth(): number {
  return document.querySelector('.app-column')?.clientWidth || window.innerWidth;
}

/**
 * The floating ad of a tab page (spec §2, §4, §5). Mounted once per page visit (AppShell keys it by
 * the location), so an impression is reported once per ad shown per visit and a close in an earlier
 * visit is read back from the advertising store.
 */
export function AdFloat({ page }: { page: AdPage }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useAdsQuery();
  const [closed, setClosed] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  const reported = useRef(new Set<number>());

  const ad = data?.ad_list[page];
  const visible =
    !closed &&
    data !== undefined &&
    isAdVisible({
      ad,
      global: data.global,
      standalone: isStandalone(),
      closes: adStore.closes(),
      page,
      now: Date.now(),
    });
  const adId = visible ? ad?.id : undefined;
  const hideTime = ad?.hide_time ?? 0;

  useEffect(() => {
    if (adId === undefined || reported.current.has(adId)) return;
    reported.current.add(adId);
    reportAdImpression(adId);
    track('ad_impression', { params: { ad_id: adId, page } });
  }, [adId, page]);

  // Collapse after hide_time; closing (or leaving) cancels the timer.
  useEffect(() => {
    if (adId === undefined || collapsed || hideTime <= 0) return;
    const timer = setTimeout(() => setCollapsed(true), hideTime);
    return () => clearTimeout(timer);
  }, [adId, collapsed, hideTime]);

  if (!visible || !ad) return null;

  const { style } = adPlacement(ad);
  const width = rpxToPx(ad.pic_width || DEFAULT_PIC_RPX, appWidth());
  const height = ad.pic_height > 0 ? rpxToPx(ad.pic_height, appWidth()) : undefined;

  function close(): void {
    adStore.saveCloses(recordClose(adStore.closes(), page, ad !== undefined, Date.now()));
    setClosed(true);
  }

  function open(): void {
    if (!ad) return;
    reportAdClick(ad.id);
    track('ad_click', { params: { ad_id: ad.id, page } });
    const target = adClickTarget(ad.url);
    if (target.kind === 'external') openExternal(target.url);
    // Tab pages replace each other like the tab bar's switch; other pages stack.
    else if (target.kind === 'tab') navigate(target.to, { replace: true });
    else if (target.kind === 'page') navigate(target.to);
  }

  if (collapsed) {
    const docked = adPlacement(ad, true);
    return (
      <div className="ad-float-layer">
        <button
          type="button"
          className={`ad-float-tab ad-float-tab--${docked.side}`}
          style={docked.style}
          data-testid="ad-float-collapsed"
          aria-label={t('ads.expand')}
          onClick={() => setCollapsed(false)}
        >
          <XfileImage src={ad.pic} alt="" className="ad-float-tab__pic" />
          <span className="ad-float-tab__label">{t('ads.label')}</span>
        </button>
      </div>
    );
  }

  return (
    <div className="ad-float-layer">
      <div
        className={`ad-float${ad.bg_transparent ? ' ad-float--transparent' : ''}`}
        style={style}
        data-testid="ad-float"
        data-ad-id={ad.id}
      >
        <button
          type="button"
          className="ad-float__pic"
          style={{ width }}
          data-testid="ad-float-open"
          aria-label={ad.name || t('ads.label')}
          onClick={open}
        >
          <XfileImage src={ad.pic} alt="" width={width} height={height} className="ad-float__image" />
          {ad.ad_bg_show === 1 && <span className="ad-float__label">{t('ads.label')}</span>}
        </button>
        {ad.adtext_show === 1 && ad.adtext !== '' && (
          <span
            className="ad-float__text"
            data-testid="ad-float-text"
            // The operator's colour on a backing it reads on (white text sat on the white card).
            style={{ fontSize: `${ad.adtext_size}px`, maxWidth: width, ...adTextColours(ad.adtext_color) }}
          >
            {ad.adtext}
          </span>
        )}
        <button
          type="button"
          className={`ad-float__close ad-float__close--${ad.close_btn_control}`}
          data-testid="ad-float-close"
          aria-label={t('ads.close')}
          onClick={close}
        >
          ×
        </button>
      </div>
    </div>
  );
}
