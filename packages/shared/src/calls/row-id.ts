import { intField } from './wire-number.js';

/**
 * The largest id a row can have: ids are 32-bit `integer` columns on PostgreSQL, which refuses a
 * larger number in a query (an error, not "not found"). Request ids are checked against it so such
 * a request is PARAMS_INVALID, on either database.
 */
export const ROW_ID_MAX = 2_147_483_647;

/** A request field naming a row. */
export const rowId = intField(1, ROW_ID_MAX);

/** A request field naming a row, or 0 for none. */
export const rowIdOrNone = intField(0, ROW_ID_MAX);
