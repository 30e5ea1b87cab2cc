/** Shapes of /admin/api/growth/ads… answers (server: admin/growth/ads.service.ts). */
export const PLACEMENTS = ['home', 'sort', 'ai', 'user', 'home_banner'] as const;
export type Placement = (typeof PLACEMENTS)[number];
export const STATUSES = ['live', 'scheduled', 'ended', 'off'] as const;
export type AdStatus = (typeof STATUSES)[number];
export const POSITIONS = [
  'left-top',
  'center-top',
  'right-top',
  'left-center',
  'center',
  'right-center',
  'left-bottom',
  'center-bottom',
  'right-bottom',
] as const;

/** The fields the form edits: the app's ad record (spec §3) plus on/off, order and the schedule. */
export interface AdForm {
  page: Placement;
  name: string;
  pic: string;
  pic_width: number;
  pic_height: number;
  url: string;
  position: string;
  position_offset_x: string;
  position_offset_y: string;
  bg_transparent: number;
  hide_time: number;
  display_time_again: number;
  platform_show: number;
  adtext_show: number;
  adtext: string;
  adtext_size: number;
  adtext_color: string;
  close_btn_control: string;
  ad_bg_show: number;
  sort: number;
  enabled: boolean;
  start_time: number;
  end_time: number;
}

export interface AdRow extends AdForm {
  id: number;
  status: AdStatus;
  serving: boolean;
  impressions: number;
  clicks: number;
  ctr: number;
  created_time: number;
  updated_time: number;
}

export interface AdStats {
  days: { day: number; date: string; impressions: number; clicks: number; ctr: number }[];
  period: { impressions: number; clicks: number; ctr: number };
  allTime: { impressions: number; clicks: number; ctr: number };
}

export const STATUS_COLOURS: Record<AdStatus, string> = {
  live: 'green',
  scheduled: 'blue',
  ended: 'default',
  off: 'red',
};

export function percent(ctr: number): string {
  return `${(ctr * 100).toFixed(2)}%`;
}

/** A new ad: the server's defaults (a right-bottom widget, on, no schedule). */
export const NEW_AD: AdForm = {
  page: 'home',
  name: '',
  pic: '',
  pic_width: 150,
  pic_height: 0,
  url: '',
  position: 'right-bottom',
  position_offset_x: '12px',
  position_offset_y: '80px',
  bg_transparent: 0,
  hide_time: 0,
  display_time_again: 0,
  platform_show: 0,
  adtext_show: 0,
  adtext: '',
  adtext_size: 12,
  adtext_color: '#333333',
  close_btn_control: 'small',
  ad_bg_show: 1,
  sort: 0,
  enabled: true,
  start_time: 0,
  end_time: 0,
};
