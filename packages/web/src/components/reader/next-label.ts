import { PAY_VIP } from '@dm51/shared';

/**
 * The i18n key of a "next chapter / next episode" button. A locked next one says how it opens: VIP
 * for a VIP chapter (pay 2), coins for any other (a coin chapter once said "VIP"). Which one comes
 * from the chapter list; until the list has loaded the button names no price rather than a wrong
 * one. `base` is the plain key; its VIP and coin variants are `base` + 'Vip' / 'Coins'.
 */
export function nextLabelKey(
  base: 'reader.nextChapter' | 'anime.nextEpisode',
  nextLocked: boolean,
  next: { pay: number } | undefined,
): string {
  if (!nextLocked || !next) return base;
  return next.pay === PAY_VIP ? `${base}Vip` : `${base}Coins`;
}
