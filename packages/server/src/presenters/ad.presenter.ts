/** An `ads` row as the app's ad record (spec §3 "Ad"): what sort_ads serves and the console shows. */
import type { Ad } from '@dm51/shared';
import type { Selectable } from 'kysely';
import type { AdsTable } from '../db/schema.js';

const CLOSE_BUTTONS = ['small', 'center', 'big'] as const;

export function presentAd(row: Selectable<AdsTable>): Ad {
  return {
    id: row.id,
    name: row.name,
    pic: row.pic,
    pic_width: row.pic_width,
    pic_height: row.pic_height,
    url: row.url,
    position: row.position,
    position_offset_x: row.position_offset_x,
    position_offset_y: row.position_offset_y,
    bg_transparent: row.bg_transparent,
    hide_time: row.hide_time,
    display_time_again: row.display_time_again,
    platform_show: row.platform_show,
    adtext_show: row.adtext_show,
    adtext: row.adtext,
    adtext_size: row.adtext_size,
    adtext_color: row.adtext_color,
    // A value the app does not know is shown as the small button.
    close_btn_control: CLOSE_BUTTONS.find((value) => value === row.close_btn_control) ?? 'small',
    ad_bg_show: row.ad_bg_show,
  };
}
