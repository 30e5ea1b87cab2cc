/**
 * The migration list, imported statically so the built server (dist/) needs no file globbing.
 * Names sort in the order they must run; append new migrations at the end.
 */
import type { Migration } from 'kysely';
import * as m0001 from './0001-initial.js';
import * as m0002 from './0002-catalogue.js';

export const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-catalogue': m0002,
};
