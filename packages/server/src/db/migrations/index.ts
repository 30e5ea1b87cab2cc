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
import * as m0010 from './0010-tasks.js';
import * as m0011 from './0011-invites.js';
import * as m0012 from './0012-ads-updates.js';
import * as m0013 from './0013-analytics.js';
import * as m0014 from './0014-ai-base.js';
import * as m0015 from './0015-ai-images.js';
import * as m0016 from './0016-ai-chat.js';
import * as m0017 from './0017-admin.js';
import * as m0018 from './0018-app-tokens.js';
import * as m0019 from './0019-ad-schedule.js';
import * as m0021 from './0021-home-picks.js';
import * as m0022 from './0022-search-grams.js';
import * as m0023 from './0023-catalogue-version.js';
import * as m0024 from './0024-import-jobs.js';
import * as m0025 from './0025-counter-batches.js';
import * as m0026 from './0026-rate-backoff.js';
import * as m0027 from './0027-server-secrets.js';
import * as m0028 from './0028-chapter-matter.js';
import * as m0029 from './0029-kosync.js';
import * as m0030 from './0030-message-texts.js';
import * as m0031 from './0031-library-folders.js';
import * as m0033 from './0033-search-forms.js';
import * as m0032 from './0032-money-texts.js';
import * as m0034 from './0034-recommendations.js';
import * as m0035 from './0035-helper-cache-models.js';
import * as m0036 from './0036-reco-hidden.js';
import * as m0038 from './0038-place-read-at.js';
import * as m0039 from './0039-console-title-search.js';

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
  '0010-tasks': m0010,
  '0011-invites': m0011,
  '0012-ads-updates': m0012,
  '0013-analytics': m0013,
  '0014-ai-base': m0014,
  '0015-ai-images': m0015,
  '0016-ai-chat': m0016,
  '0017-admin': m0017,
  '0018-app-tokens': m0018,
  '0019-ad-schedule': m0019,
  '0021-home-picks': m0021,
  '0022-search-grams': m0022,
  '0023-catalogue-version': m0023,
  '0024-import-jobs': m0024,
  '0025-counter-batches': m0025,
  '0026-rate-backoff': m0026,
  '0027-server-secrets': m0027,
  '0028-chapter-matter': m0028,
  '0029-kosync': m0029,
  '0030-message-texts': m0030,
  '0031-library-folders': m0031,
  '0033-search-forms': m0033,
  '0032-money-texts': m0032,
  '0034-recommendations': m0034,
  '0035-helper-cache-models': m0035,
  '0036-reco-hidden': m0036,
  '0038-place-read-at': m0038,
  '0039-console-title-search': m0039,
};
