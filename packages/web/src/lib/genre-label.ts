/**
 * Category and tag names in the reader's language (one language per screen). The catalogue stores
 * a genre under the name its library gave it — Chinese (热血) or English (Action) — and that name
 * stays its identity (filters, links, the server). Only the label changes: a known genre, found by any of
 * its names, shows its name in the current locale; anything else shows as stored.
 */
import type { Locale } from '@dm51/shared';

type Names = Record<Locale, string>;

/** Common comic, novel and anime genres: zh-CN, zh-TW, en, es, fr. */
const GENRES: readonly Names[] = [
  g('热血', '熱血', 'Action', 'Acción', 'Action'),
  g('冒险', '冒險', 'Adventure', 'Aventura', 'Aventure'),
  g('科幻', '科幻', 'Sci-Fi', 'Ciencia ficción', 'Science-fiction'),
  g('悬疑', '懸疑', 'Mystery', 'Misterio', 'Mystère'),
  g('搞笑', '搞笑', 'Comedy', 'Comedia', 'Comédie'),
  g('日常', '日常', 'Slice of Life', 'Recuentos de la vida', 'Tranche de vie'),
  g('治愈', '治癒', 'Healing', 'Reconfortante', 'Réconfortant'),
  g('武侠', '武俠', 'Wuxia', 'Wuxia', 'Wuxia'),
  g('历史', '歷史', 'History', 'Historia', 'Historique'),
  g('恐怖', '恐怖', 'Horror', 'Terror', 'Horreur'),
  g('校园', '校園', 'School', 'Escolar', 'École'),
  g('奇幻', '奇幻', 'Fantasy', 'Fantasía', 'Fantasy'),
  g('运动', '運動', 'Sports', 'Deportes', 'Sport'),
  g('恋爱', '戀愛', 'Romance', 'Romance', 'Romance'),
  g('剧情', '劇情', 'Drama', 'Drama', 'Drame'),
  g('都市', '都市', 'Urban', 'Urbano', 'Urbain'),
  g('玄幻', '玄幻', 'Xuanhuan', 'Xuanhuan', 'Xuanhuan'),
  g('仙侠', '仙俠', 'Xianxia', 'Xianxia', 'Xianxia'),
  g('魔法', '魔法', 'Magic', 'Magia', 'Magie'),
  g('机甲', '機甲', 'Mecha', 'Mecha', 'Mecha'),
  g('战争', '戰爭', 'War', 'Guerra', 'Guerre'),
  g('推理', '推理', 'Detective', 'Detectives', 'Policier'),
  g('美食', '美食', 'Cooking', 'Cocina', 'Cuisine'),
  g('音乐', '音樂', 'Music', 'Música', 'Musique'),
  g('后宫', '後宮', 'Harem', 'Harén', 'Harem'),
  g('惊悚', '驚悚', 'Thriller', 'Suspense', 'Thriller'),
  g('青春', '青春', 'Youth', 'Juvenil', 'Jeunesse'),
  g('穿越', '穿越', 'Isekai', 'Isekai', 'Isekai'),
];

function g(zhCN: string, zhTW: string, en: string, es: string, fr: string): Names {
  return { 'zh-CN': zhCN, 'zh-TW': zhTW, en, es, fr };
}

const fold = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** Every name of every genre (and common spellings) → the genre. */
const BY_NAME = new Map<string, Names>();
for (const names of GENRES) for (const name of Object.values(names)) BY_NAME.set(fold(name), names);
for (const [alias, en] of [
  ['scifi', 'Sci-Fi'],
  ['science fiction', 'Sci-Fi'],
  ['sports', 'Sports'],
  ['sport', 'Sports'],
  ['slice-of-life', 'Slice of Life'],
  ['comedy', 'Comedy'],
] as const) {
  const names = BY_NAME.get(fold(en));
  if (names) BY_NAME.set(fold(alias), names);
}

/** The label of a stored category or tag name in `locale` (the stored name when unknown). */
export function genreLabel(name: string, locale: string): string {
  const names = BY_NAME.get(fold(name));
  if (!names) return name;
  return names[(locale in names ? locale : 'en') as Locale];
}
