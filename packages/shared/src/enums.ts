/** Enumerations fixed by the product spec. */
export const LOCALES = ['en', 'es', 'fr', 'zh-CN', 'zh-TW'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'en';

/** Content type of a mixed list item (spec §2): 0 comic, 1 novel, 2 anime. */
export const WorkType = { COMIC: 0, NOVEL: 1, ANIME: 2 } as const;
export type WorkTypeValue = (typeof WorkType)[keyof typeof WorkType];

/** Home page tab value (spec §2): 0 comics, 1 anime, 2 novels. */
export const HomeTab = { COMICS: 0, ANIME: 1, NOVELS: 2 } as const;
export type HomeTabValue = (typeof HomeTab)[keyof typeof HomeTab];

/** `pay` on works and chapters: 2 marks VIP content. */
export const PAY_VIP = 2;

export const THEME_NAMES = ['light', 'dark'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];
