/** Pages of lists as the catalogue-side services answer them; a leaf, as those services import each other. */
export interface Paged<T> {
  list: T[];
  total: number;
}

/** The row offset of `page` (from 1) of `limit` rows. */
export const offsetOf = (page: number, limit: number) => (page - 1) * limit;
