import { z } from 'zod';

/**
 * The largest id a row can have: ids are 32-bit `integer` columns on PostgreSQL, which refuses a
 * larger number in a query (an error, not "not found"). Request ids are checked against it so such
 * a request is PARAMS_INVALID, on either database.
 */
export const ROW_ID_MAX = 2_147_483_647;

/** A request field naming a row. */
export const rowId = z.coerce.number().int().min(1).max(ROW_ID_MAX);

/** A request field naming a row, or 0 for none. */
export const rowIdOrNone = z.coerce.number().int().min(0).max(ROW_ID_MAX);
