import { PAY_VIP, WorkType } from '@dm51/shared';

/** The mixed list item of spec §3: type, relate_id, pic, score, isend, pay, name, latest_chapter_name. */
export interface MixedItem {
  type: number;
  relate_id: number;
  pic: string;
  score: number;
  isend: number;
  pay: number;
  name: string;
  latest_chapter_name: string;
  /** Shown on the generated cover of a work without one, when the list knows it. */
  author?: string;
}

export interface CardFields {
  /**
   * '8.7' (the card appends '分' through i18n); one decimal, as the spec's score. Null for a work
   * nobody rated (most imported novels): the card shows no score rather than a misleading '0.0分'.
   */
  score: string | null;
  /** i18n key of '完结' or '连载'. */
  statusKey: 'card.finished' | 'card.serialising';
  finished: boolean;
  vip: boolean;
  /** i18n key of the type label: 漫画 0, 小说 1, 动漫 2, 未知 otherwise. */
  typeKey: string;
  /** '最新' + this, only for unfinished works with a latest chapter. */
  latest: string | null;
  href: string;
}

/** Spec §2 detail links from lists and ads: comic, novel, anime; unknown types open as a novel. */
export function detailHref(type: number, relateId: number): string {
  if (type === WorkType.COMIC) return `/pages/cartoon/details?column=${relateId}`;
  if (type === WorkType.ANIME) return `/pages/anime/details?id=${relateId}`;
  return `/pages/novel/cover?column=${relateId}`;
}

export function typeKey(type: number): string {
  if (type === WorkType.COMIC) return 'catalogue.typeComic';
  if (type === WorkType.NOVEL) return 'catalogue.typeNovel';
  if (type === WorkType.ANIME) return 'catalogue.typeAnime';
  return 'catalogue.typeUnknown';
}

/** A score above zero; zero is what the catalogue stores for a work without a rating. */
export function isRated(score: number): boolean {
  return Number.isFinite(score) && score > 0;
}

export function formatScore(score: number): string {
  if (!Number.isFinite(score) || score <= 0) return '0.0';
  return (Math.round(score * 10) / 10).toFixed(1);
}

export function cardFields(item: MixedItem): CardFields {
  const finished = item.isend === 1;
  const latest = item.latest_chapter_name.trim();
  return {
    score: isRated(item.score) ? formatScore(item.score) : null,
    statusKey: finished ? 'card.finished' : 'card.serialising',
    finished,
    vip: item.pay === PAY_VIP,
    typeKey: typeKey(item.type),
    latest: !finished && latest !== '' ? latest : null,
    href: detailHref(item.type, item.relate_id),
  };
}
