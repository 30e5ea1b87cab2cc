/** Business constants and limits fixed by the product spec (§5, §9). */
export const APP_VERSION_NAME = '1.4.1';
export const APP_VERSION_CODE = 10041;
export const DEFAULT_CHANNEL_CODE = '51dm';

export const TIMEOUTS = {
  requestMs: 30_000,
  networkMs: 60_000,
  pageLoadingDelayMs: 200,
  pageLoadTimeoutMs: 60_000,
  imageFetchMs: 6_000,
  imageFetchRetries: 2,
} as const;

export const TOAST_MS = { runtime: 1_500, product: 2_000 } as const;
export const DEBOUNCE_MS = 500;
export const RESIZE_DEBOUNCE_MS = 50;
export const POPUP_TRANSITION_MS = 300;

export const PAGING = { firstPage: 1, pageSize: 10, upperScrollThreshold: 150 } as const;
export const HOME_SIZES = { reco: 6, news: 10, type: 10 } as const;

export const COMMENT_LIMITS = {
  maxLength: 240,
  /** Comments of this many characters or fewer are refused ('comment too short!'). */
  tooShortAtMost: 2,
  maxImages: 3,
  visibleChildReplies: 2,
} as const;

export const TEXT_INPUT_MAX_LENGTH = 140;
export const CODE_INPUT_LENGTH = 6;
export const CAPTCHA = { length: 4, width: 120, height: 60, noiseLines: 8 } as const;
export const LAZY_LOAD_THRESHOLD_PX = 50;
export const AD_REFRESH_MIN_MS = 10_000;
export const BADGE_MAX = 999;
export const TABBAR = {
  heightPx: 50,
  iconPx: 24,
  fontPx: 10,
  spacingPx: 3,
  zIndex: 9,
  selectedColor: '#FD586D',
  unselectedColor: '#999999',
} as const;
export const LAYOUT = {
  baseWidth: 375,
  maxWidth: 960,
  rootFontDivisor: 23.4375,
  /** Desktop layout applies when the window is at least this wide and this tall. */
  desktopMin: 500,
} as const;
export const PULL_TO_REFRESH = { height: 70, range: 150, offsetPx: 70, color: '#2BD009' } as const;
export const LONG_PRESS = { ms: 350, moveCancelPx: 10 } as const;
export const SWIPER = { intervalMs: 5_000, durationMs: 500 } as const;
export const VIDEO_CONTROLS_HIDE_MS = 3_000;
export const IMAGE_PREVIEW_ZOOM = { min: 1, max: 4 } as const;
export const RELATIVE_TIME = { justNowUnderS: 300, maxDays: 30 } as const;
export const GLOBAL_BACKGROUND = '#F8F8F8';

/** Longest search keyword accepted. */
export const SEARCH_KEYWORD_MAX = 64;

/** 1 bug, 2 suggestion, 3 content, 4 payment, 5 other. */
export const FEEDBACK_TYPES = [1, 2, 3, 4, 5] as const;
export const FEEDBACK_LIMITS = { minLength: 5, maxLength: 500, maxImages: 3, contactMax: 100 } as const;
export const FEEDBACK_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/** The spec's report confirmation (§8), answered as `msg` by /v3/comment/report. */
export const REPORT_SUCCESS_MESSAGE =
  'Report successful, we will handle within 24 hours, and the super admin will act on the content after confirming violation';
