import type { en } from './locales/en';

/**
 * Every locale must have exactly the English key set; the compiler and a unit test both check it.
 * A key ending in `_one` is i18next's singular of the key without it, picked by the language's
 * plural rules when `count` is given ('1 read', '2 reads'); Chinese has no singular, so its `_one`
 * texts repeat the plural and are never shown.
 */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Messages = Shape<typeof en>;

/** Flattens nested messages to dotted keys ('common.back'); used by the completeness test. */
export function flattenKeys(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flattenKeys(value as object, `${prefix}${key}.`),
  );
}
