/**
 * The migration list, imported statically so the built server (dist/) needs no file globbing.
 * Names sort in the order they must run; append new migrations at the end.
 */
import type { Migration } from 'kysely';
import * as m0001 from './0001-initial.js';
import * as m0002 from './0002-catalogue.js';
import * as m0003 from './0003-import.js';
import * as m0004 from './0004-accounts.js';
import * as m0005 from './0005-discovery.js';
import * as m0006 from './0006-anime.js';
import * as m0007 from './0007-community.js';
import * as m0008 from './0008-search-changes.js';
import * as m0009 from './0009-money.js';

export const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-catalogue': m0002,
  '0003-import': m0003,
  '0004-accounts': m0004,
  '0005-discovery': m0005,
  '0006-anime': m0006,
  '0007-community': m0007,
  '0008-search-changes': m0008,
  '0009-money': m0009,
};
