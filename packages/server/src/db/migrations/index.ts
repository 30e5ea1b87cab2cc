/**
 * The migration list, imported statically so the built server (dist/) needs no file globbing.
 * Names sort in the order they must run; append new migrations at the end.
 */
import type { Migration } from 'kysely';
import * as m0001 from './0001-initial.js';

export const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': m0001,
};
