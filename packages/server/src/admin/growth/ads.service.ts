/**
 * Growth → Ads: operators create, edit, schedule, turn on/off and delete the ads the app's
 * /v3/ad/sort_ads serves (spec §3 "Ad"), upload their pictures, and read impressions, clicks and
 * CTR from the `ad_stats_daily` roll-ups. Every change writes one audit row with before/after; the
 * routes empty the app's home cache after the commit, so the next sort_ads / comic index shows it.
 */
import sharp, { type OutputInfo } from 'sharp';
import { nowSeconds, type Database } from '../../db/database.js';
import { isAppError } from '../../errors.js';
import { contentMediaKey, isValidMediaKey, mediaUrlPath } from '../../media/media-key.js';
import type { MediaStore } from '../../media/media-store.js';
import { SettingsRepository } from '../../repositories/settings.repository.js';
import { presentAd } from '../../presenters/ad.presenter.js';
import { assertImage } from '../../services/image-input.js';
import { dayOf } from '../../services/view-counter.service.js';
import { AdminErrors } from '../admin-errors.js';
import type { Audit } from '../admin-route.js';
import type {
  AdFilter,
  AdInsert,
  AdPatch,
  AdRow,
  AdsAdminRepository,
  AdStatus,
  AdTotals,
} from './ads.repository.js';

/** Decoded upload size limit (the route's body limit leaves room for its base64 form). */
export const AD_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Longest side of the stored picture: floating ads are at most a few hundred px on a phone. */
const AD_IMAGE_MAX_SIDE = 1500;
/** Same pixel ceiling as every other upload (image-input.ts): a small file cannot expand to a huge bitmap. */
const MAX_INPUT_PIXELS = 40_000_000;
const GLOBAL_KEY = 'ad.global';
const DAY_SECONDS = 86_400;

/** The ad fields an operator sets (spec §3 names), plus on/off, order and the schedule. */
export interface AdFields {
  page: string;
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
  /** Unix seconds; 0 = from now on / no end. */
  start_time: number;
  end_time: number;
}

export interface AdView extends AdFields {
  id: number;
  status: AdStatus;
  hits: number;
  created_time: number;
  updated_time: number;
}

export interface AdListRow extends AdView, AdTotals {
  ctr: number;
  /** The ad the app gets for its page right now (the first live one by sort, then id). */
  serving: boolean;
}

export interface StoredAdImage {
  url: string;
  width: number;
  height: number;
  bytes: number;
  format: 'png' | 'jpeg';
}

export function statusOf(row: Pick<AdRow, 'enabled' | 'start_time' | 'end_time'>, now: number): AdStatus {
  if (!row.enabled) return 'off';
  if (Number(row.start_time) > now) return 'scheduled';
  if (Number(row.end_time) > 0 && Number(row.end_time) <= now) return 'ended';
  return 'live';
}

/** Clicks per impression, 0 without impressions (4 decimals: 0.0123 = 1.23 %). */
export function ctrOf(totals: AdTotals): number {
  return totals.impressions > 0 ? Math.round((totals.clicks / totals.impressions) * 10_000) / 10_000 : 0;
}

function view(row: AdRow, now: number): AdView {
  return {
    ...presentAd(row),
    page: row.page,
    // The stored value, even one the app would show as 'small', so the operator sees what is saved.
    close_btn_control: row.close_btn_control,
    sort: row.sort,
    enabled: row.enabled === 1,
    start_time: Number(row.start_time),
    end_time: Number(row.end_time),
    status: statusOf(row, now),
    hits: Number(row.hits),
    created_time: Number(row.created_time),
    updated_time: Number(row.updated_time),
  };
}

function columns(fields: Partial<AdFields>): AdPatch {
  const { enabled, ...rest } = fields;
  return { ...rest, ...(enabled === undefined ? {} : { enabled: enabled ? 1 : 0 }) };
}

function checkWindow(start: number, end: number): void {
  if (end !== 0 && end <= start) throw AdminErrors.invalid('The end time must be after the start time');
}

function isoDay(day: number): string {
  return new Date(day * DAY_SECONDS * 1000).toISOString().slice(0, 10);
}

export class AdsAdminService {
  constructor(
    private readonly ads: AdsAdminRepository,
    private readonly clock: () => number = nowSeconds,
  ) {}

  /** Ads with status, all-time impressions / clicks / CTR, and whether the app is served each one now. */
  async list(filter: AdFilter, servingIds: ReadonlySet<number>, page: number, pageSize: number) {
    const now = this.clock();
    const { rows, total } = await this.ads.list(filter, now, (page - 1) * pageSize, pageSize);
    const totals = await this.ads.totals(rows.map((row) => row.id));
    const data: AdListRow[] = rows.map((row) => {
      const sums = totals.get(row.id) ?? { impressions: 0, clicks: 0 };
      return { ...view(row, now), ...sums, ctr: ctrOf(sums), serving: servingIds.has(row.id) };
    });
    return { data, total };
  }

  async detail(id: number, servingIds: ReadonlySet<number>): Promise<AdListRow> {
    const row = await this.ads.find(id);
    if (!row) throw AdminErrors.notFound('ad');
    const sums = (await this.ads.totals([id])).get(id) ?? { impressions: 0, clicks: 0 };
    return { ...view(row, this.clock()), ...sums, ctr: ctrOf(sums), serving: servingIds.has(id) };
  }

  async create(trx: Database, audit: Audit, fields: AdFields): Promise<AdView> {
    checkWindow(fields.start_time, fields.end_time);
    const repo = this.ads.within(trx);
    const now = this.clock();
    const insert: AdInsert = { ...(columns(fields) as AdInsert), created_time: now, updated_time: now };
    const id = await repo.insert(insert);
    const after = view((await repo.find(id))!, now);
    await audit({ action: 'ad.create', targetType: 'ad', targetId: id, after });
    return after;
  }

  async edit(trx: Database, audit: Audit, id: number, fields: Partial<AdFields>): Promise<AdView> {
    const repo = this.ads.within(trx);
    const row = await repo.find(id);
    if (!row) throw AdminErrors.notFound('ad');
    const now = this.clock();
    checkWindow(fields.start_time ?? Number(row.start_time), fields.end_time ?? Number(row.end_time));
    const before = view(row, now);
    await repo.update(id, { ...columns(fields), updated_time: now });
    const after = view((await repo.find(id))!, now);
    // Only what changed (and the id) goes into the log.
    const changed = (Object.keys(fields) as (keyof AdFields)[]).filter((k) => before[k] !== after[k]);
    await audit({
      action: 'ad.update',
      targetType: 'ad',
      targetId: id,
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, after[k]])),
    });
    return after;
  }

  async setEnabled(trx: Database, audit: Audit, id: number, enabled: boolean): Promise<AdView> {
    const repo = this.ads.within(trx);
    const row = await repo.find(id);
    if (!row) throw AdminErrors.notFound('ad');
    const now = this.clock();
    await repo.update(id, { enabled: enabled ? 1 : 0, updated_time: now });
    const after = view((await repo.find(id))!, now);
    await audit({
      action: enabled ? 'ad.enable' : 'ad.disable',
      targetType: 'ad',
      targetId: id,
      before: { enabled: row.enabled === 1, status: statusOf(row, now) },
      after: { enabled: after.enabled, status: after.status },
    });
    return after;
  }

  async remove(trx: Database, audit: Audit, id: number): Promise<void> {
    const repo = this.ads.within(trx);
    const row = await repo.find(id);
    if (!row) throw AdminErrors.notFound('ad');
    const totals = (await repo.totals([id])).get(id) ?? { impressions: 0, clicks: 0 };
    await repo.delete(id);
    await audit({
      action: 'ad.delete',
      targetType: 'ad',
      targetId: id,
      before: { ...view(row, this.clock()), ...totals },
    });
  }

  /** Per-day impressions, clicks and CTR of the last `days` UTC days (empty days as 0), with totals. */
  async stats(id: number, days: number) {
    if (!(await this.ads.find(id))) throw AdminErrors.notFound('ad');
    const today = dayOf(this.clock());
    const from = today - days + 1;
    const rows = new Map((await this.ads.daily(id, from, today)).map((row) => [row.day, row]));
    const series = [];
    for (let day = from; day <= today; day += 1) {
      const row = rows.get(day) ?? { impressions: 0, clicks: 0 };
      series.push({
        day,
        date: isoDay(day),
        impressions: row.impressions,
        clicks: row.clicks,
        ctr: ctrOf(row),
      });
    }
    const period = series.reduce(
      (sum, row) => ({ impressions: sum.impressions + row.impressions, clicks: sum.clicks + row.clicks }),
      { impressions: 0, clicks: 0 },
    );
    const allTime = (await this.ads.totals([id])).get(id) ?? { impressions: 0, clicks: 0 };
    return {
      days: series,
      period: { ...period, ctr: ctrOf(period) },
      allTime: { ...allTime, ctr: ctrOf(allTime) },
    };
  }

  /**
   * Checks an uploaded picture by its content (the server's upload check: decodable JPEG / PNG /
   * WebP / GIF / AVIF within the pixel limit), orients it, scales it to at most 1500 px and stores
   * it content-hashed: PNG when it has transparency (a floating ad may be a cut-out), else JPEG.
   * Nothing is written when any check fails.
   */
  async storeImage(media: MediaStore, image: Buffer): Promise<StoredAdImage> {
    if (image.length === 0) throw AdminErrors.imageInvalid('The file is empty');
    if (image.length > AD_IMAGE_MAX_BYTES)
      throw AdminErrors.imageInvalid(`The image is larger than ${AD_IMAGE_MAX_BYTES / 1024 / 1024} MB`);
    try {
      await assertImage(image);
    } catch (error) {
      throw isAppError(error) ? AdminErrors.imageInvalid(error.message) : error;
    }
    let rendered: { data: Buffer; info: OutputInfo };
    let format: 'png' | 'jpeg';
    try {
      const open = () =>
        sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
          .rotate()
          .resize(AD_IMAGE_MAX_SIDE, AD_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
      const meta = await open().metadata();
      format = meta.hasAlpha ? 'png' : 'jpeg';
      rendered =
        format === 'png'
          ? await open().png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
          : await open()
              .flatten({ background: '#ffffff' })
              .jpeg({ quality: 85, mozjpeg: true })
              .toBuffer({ resolveWithObject: true });
    } catch {
      throw AdminErrors.imageInvalid('The image could not be read; it may be damaged');
    }
    const key = contentMediaKey(rendered.data, format === 'png' ? 'png' : 'jpg', { xfile: false });
    await media.put(key, rendered.data);
    return {
      url: mediaUrlPath(key),
      width: rendered.info.width,
      height: rendered.info.height,
      bytes: rendered.data.length,
      format,
    };
  }

  async picOf(id: number): Promise<string | undefined> {
    return (await this.ads.find(id))?.pic;
  }

  /** Whether a picture address is usable: an https address, or a stored media file. */
  async picExists(media: MediaStore, pic: string): Promise<boolean> {
    if (/^https:\/\//i.test(pic)) return true;
    if (!pic.startsWith('/media/')) return false;
    const key = pic.slice('/media/'.length);
    return isValidMediaKey(key) && (await media.stat(key)) !== null;
  }

  async global(db: Database): Promise<number> {
    const raw = (await new SettingsRepository(db).getMany([GLOBAL_KEY])).get(GLOBAL_KEY);
    if (raw === undefined) return 1;
    try {
      return Number(JSON.parse(raw)) === 0 ? 0 : 1;
    } catch {
      return 1;
    }
  }

  /** The global switch (`ad.global`): 0 hides every ad in the app, whatever its own state. */
  async setGlobal(trx: Database, audit: Audit, value: 0 | 1): Promise<number> {
    const before = await this.global(trx);
    await new SettingsRepository(trx).set(GLOBAL_KEY, JSON.stringify(value), this.clock());
    await audit({ action: 'ad.global', targetType: 'setting', targetId: GLOBAL_KEY, before, after: value });
    return value;
  }
}
