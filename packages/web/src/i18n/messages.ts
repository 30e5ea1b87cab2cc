import type { en } from './locales/en';

/** Every locale must have exactly the English key set; the compiler and a unit test both check it. */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Messages = Shape<typeof en>;

/** Flattens nested messages to dotted keys ('common.back'); used by the completeness test. */
export function flattenKeys(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flattenKeys(value as object, `${prefix}${key}.`),
  );
}
