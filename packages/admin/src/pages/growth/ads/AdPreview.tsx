/**
 * The placement preview: a 375×812 phone showing the ad where the app's widget puts it. Position,
 * offsets and sizes come from the app's own rules (@dm51/shared/ad-placement: anchor, px/% offsets,
 * rpx of a 750 design, the docked state), inside a layer that ends above the 50 px tab bar exactly
 * as the app's `.ad-float-layer`; the look follows the app's ad-float.css.
 */
import {
  AD_PAGES,
  DEFAULT_AD_PIC_RPX,
  adPlacement,
  rpxToPx,
  type AdPosition,
} from '@dm51/shared/ad-placement';
import { Alert, Space, Switch, Typography } from 'antd';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdForm } from './types';

const PHONE_WIDTH = 375;
const PHONE_HEIGHT = 812;
const STATUS_BAR = 44;
const TAB_BAR = 50;
/** Shown at 72 % so the whole phone fits beside the form on a 900 px tall screen. */
const SCALE = 0.72;
const PRIMARY = '#fd586d';
const CLOSE_SIZES = { small: [18, 13], center: [22, 16], big: [28, 20] } as const;

function Feed() {
  const block = (height: number, width: string | number = '100%'): CSSProperties => ({
    height,
    width,
    borderRadius: 8,
    background: '#eef0f3',
  });
  return (
    <div style={{ padding: 12, display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ ...block(34), borderRadius: 17 }} />
      <div style={block(150)} />
      {[0, 1, 2].map((row) => (
        <div key={row} style={{ display: 'flex', gap: 10 }}>
          {[0, 1, 2].map((col) => (
            <div key={col} style={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 6 }}>
              <div style={block(130)} />
              <div style={block(10, '80%')} />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

export function AdPreview({ ad }: { ad: Partial<AdForm> }) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(false);
  const page = ad.page ?? 'home';
  const isBanner = page === 'home_banner';
  const tabPage = isBanner ? 'home' : page;
  const position: AdPosition = {
    position: ad.position ?? 'right-bottom',
    position_offset_x: ad.position_offset_x ?? '0px',
    position_offset_y: ad.position_offset_y ?? '0px',
  };
  const width = rpxToPx(ad.pic_width || DEFAULT_AD_PIC_RPX, PHONE_WIDTH);
  const height = (ad.pic_height ?? 0) > 0 ? rpxToPx(ad.pic_height ?? 0, PHONE_WIDTH) : undefined;
  const close =
    CLOSE_SIZES[(ad.close_btn_control as keyof typeof CLOSE_SIZES) ?? 'small'] ?? CLOSE_SIZES.small;
  const picture = ad.pic ? (
    <img
      src={ad.pic}
      alt=""
      data-testid="ad-preview-image"
      style={{ display: 'block', width: '100%', height: height ?? 'auto', objectFit: 'cover' }}
    />
  ) : (
    <div
      style={{
        width: '100%',
        height: height ?? width,
        background: '#ffd6dc',
        color: '#a33',
        fontSize: 11,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
      }}
    >
      {t('ads.noPicture')}
    </div>
  );

  let widget: React.ReactNode = null;
  if (!isBanner && collapsed) {
    const docked = adPlacement(position, true);
    widget = (
      <div
        data-testid="ad-preview-collapsed"
        style={{
          position: 'absolute',
          ...docked.style,
          display: 'flex',
          flexDirection: docked.side === 'left' ? 'row-reverse' : 'row',
          alignItems: 'center',
          gap: 4,
          padding: '4px 6px',
          background: PRIMARY,
          color: '#fff',
          boxShadow: '0 2px 10px rgba(0,0,0,0.2)',
          borderRadius: docked.side === 'left' ? '0 18px 18px 0' : '18px 0 0 18px',
          fontSize: 11,
        }}
      >
        {ad.pic && (
          <img
            src={ad.pic}
            alt=""
            style={{ width: 28, height: 28, borderRadius: '50%', objectFit: 'cover' }}
          />
        )}
        <span>{t('ads.adLabel')}</span>
      </div>
    );
  } else if (!isBanner) {
    const { style } = adPlacement(position);
    const transparent = ad.bg_transparent === 1;
    widget = (
      <div
        data-testid="ad-preview-widget"
        style={{
          position: 'absolute',
          ...style,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 4,
          padding: transparent ? 0 : 6,
          borderRadius: 12,
          background: transparent ? 'transparent' : '#fff',
          boxShadow: transparent ? 'none' : '0 4px 16px rgba(0,0,0,0.18)',
        }}
      >
        <div style={{ position: 'relative', width, borderRadius: 8, overflow: 'hidden' }}>
          {picture}
          {ad.ad_bg_show === 1 && (
            <span
              style={{
                position: 'absolute',
                left: 0,
                bottom: 0,
                padding: '1px 5px',
                borderTopRightRadius: 6,
                background: 'rgba(0,0,0,0.45)',
                color: '#fff',
                fontSize: 10,
                lineHeight: '14px',
              }}
            >
              {t('ads.adLabel')}
            </span>
          )}
        </div>
        {ad.adtext_show === 1 && ad.adtext && (
          <span
            style={{
              fontSize: ad.adtext_size ?? 12,
              color: ad.adtext_color ?? '#fff',
              maxWidth: width,
              textAlign: 'center',
              lineHeight: 1.3,
              wordBreak: 'break-word',
            }}
          >
            {ad.adtext}
          </span>
        )}
        <span
          style={{
            position: 'absolute',
            top: -8,
            right: -8,
            width: close[0],
            height: close[0],
            fontSize: close[1],
            borderRadius: '50%',
            background: 'rgba(0,0,0,0.55)',
            color: '#fff',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            lineHeight: 1,
          }}
        >
          ×
        </span>
      </div>
    );
  }

  return (
    <Space direction="vertical" size={8} style={{ width: PHONE_WIDTH * SCALE + 24 }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text strong>{t('ads.preview')}</Typography.Text>
        {!isBanner && (
          <Space size={4}>
            <Typography.Text type="secondary">{t('ads.previewCollapsed')}</Typography.Text>
            <Switch
              size="small"
              checked={collapsed}
              onChange={setCollapsed}
              data-testid="ad-preview-collapse"
            />
          </Space>
        )}
      </Space>
      <div
        style={{
          width: PHONE_WIDTH * SCALE + 24,
          height: PHONE_HEIGHT * SCALE + 24,
          padding: 12,
          borderRadius: 44,
          background: '#1f1f1f',
          boxShadow: '0 8px 30px rgba(0,0,0,0.25)',
        }}
      >
        <div
          style={{
            width: PHONE_WIDTH * SCALE,
            height: PHONE_HEIGHT * SCALE,
            overflow: 'hidden',
            borderRadius: 34 * SCALE,
          }}
        >
          <div
            data-testid="ad-preview"
            data-page={page}
            style={{
              width: PHONE_WIDTH,
              height: PHONE_HEIGHT,
              transform: `scale(${SCALE})`,
              transformOrigin: 'top left',
              position: 'relative',
              overflow: 'hidden',
              borderRadius: 34,
              background: '#fff',
              fontFamily: 'system-ui, sans-serif',
            }}
          >
            <div style={{ height: STATUS_BAR, background: PRIMARY }} />
            {isBanner && (
              <div style={{ padding: '12px 12px 0' }}>
                <div
                  data-testid="ad-preview-banner"
                  style={{ height: 150, borderRadius: 8, overflow: 'hidden', position: 'relative' }}
                >
                  {ad.pic ? (
                    <img src={ad.pic} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
                  ) : (
                    picture
                  )}
                </div>
              </div>
            )}
            <Feed />
            {/* The widget's layer: from the top of the page to the top of the tab bar, as in the app. */}
            <div style={{ position: 'absolute', top: 0, left: 0, right: 0, bottom: TAB_BAR }}>{widget}</div>
            <div
              style={{
                position: 'absolute',
                left: 0,
                right: 0,
                bottom: 0,
                height: TAB_BAR,
                display: 'flex',
                borderTop: '1px solid #eee',
                background: '#fff',
              }}
            >
              {AD_PAGES.map((tab) => (
                <div
                  key={tab}
                  style={{
                    flex: 1,
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    fontSize: 12,
                    fontWeight: tab === tabPage ? 600 : 400,
                    color: tab === tabPage ? PRIMARY : '#888',
                  }}
                >
                  {t(`ads.tabs.${tab}`)}
                </div>
              ))}
            </div>
          </div>
        </div>
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {isBanner ? t('ads.previewBanner') : t('ads.previewNote')}
      </Typography.Text>
      {ad.platform_show === 1 && <Alert type="warning" showIcon message={t('ads.previewPlatform')} />}
      {ad.platform_show === 2 && <Alert type="info" showIcon message={t('ads.previewPlatformBrowser')} />}
    </Space>
  );
}
