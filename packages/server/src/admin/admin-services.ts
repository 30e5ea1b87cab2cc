/** Wiring of the operator console domain: its repositories and services, on top of the money domain. */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import type { RateCounterStore } from '../rate-limit/rate-counter-store.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { LockoutService } from '../rate-limit/lockouts.js';
import { RateLimitRepository } from '../repositories/rate-limit.repository.js';
import { SettingsRepository } from '../repositories/settings.repository.js';
import type { ImportJobService } from '../import/import-job.service.js';
import type { AnalyticsServices } from '../services/analytics-services.js';
import type { MoneyServices } from '../services/money-services.js';
import { DashboardRepository } from './dashboard/dashboard.repository.js';
import { DashboardService } from './dashboard/dashboard.service.js';
import { AuditService } from './audit/audit.service.js';
import { AdminAuthService } from './auth/admin-auth.service.js';
import { OperatorRepository } from './auth/operator.repository.js';
import { CatalogueAdminRepository } from './catalogue/catalogue.repository.js';
import { CatalogueAdminService } from './catalogue/catalogue.service.js';
import { CoverAdminService } from './catalogue/cover.service.js';
import { HomePicksAdminService } from './catalogue/home-picks.service.js';
import { MergeAdminService } from './catalogue/merge.service.js';
import { PeopleAdminService } from './catalogue/people.service.js';
import { HomePicksRepository } from '../repositories/home-picks.repository.js';
import { LibraryRepository } from './library/library.repository.js';
import { FolderPaths } from './library/folder-paths.js';
import { LibraryService } from './library/library.service.js';
import { CommunityRepository } from './community/community.repository.js';
import { CommunityService } from './community/community.service.js';
import { OperatorsService } from './operators/operators.service.js';
import { UsersRepository } from './users/users.repository.js';
import { UsersService } from './users/users.service.js';
import { MoneyRepository } from './money/money.repository.js';
import { MoneyService } from './money/money.service.js';
import { AdsAdminRepository } from './growth/ads.repository.js';
import { AdsAdminService } from './growth/ads.service.js';

export interface AdminServices {
  auth: AdminAuthService;
  operators: OperatorRepository;
  audit: AuditService;
  community: CommunityService;
  users: UsersService;
  dashboard: DashboardService;
  operatorAdmin: OperatorsService;
  money: MoneyService;
  library: LibraryService;
  catalogue: CatalogueAdminService;
  cover: CoverAdminService;
  people: PeopleAdminService;
  homePicks: HomePicksAdminService;
  merge: MergeAdminService;
  ads: AdsAdminService;
  lockouts: LockoutService;
}

export function createAdminServices(
  db: Database,
  log: FastifyBaseLogger,
  domains: {
    money: Pick<MoneyServices, 'ledger' | 'wallet' | 'payments' | 'settings'>;
    analytics: Pick<AnalyticsServices, 'dashboard'>;
    imports: Pick<ImportJobService, 'list' | 'enqueue' | 'get' | 'watching' | 'refreshFolderWatch'>;
    libraryDir?: string | null;
    /** DATA_DIR: no library folder may lie inside it (or hold it). */
    dataDir?: string | null;
    /** Where operator sign-in lock-outs count (Redis when configured); the database by default. */
    rateCounters?: RateCounterStore;
  },
): AdminServices {
  const operators = new OperatorRepository(db);
  const rateCounters = domains.rateCounters ?? new RateLimitRepository(db);
  const community = new CommunityService(new CommunityRepository(db), new SettingsRepository(db));
  return {
    auth: new AdminAuthService(operators, new RateLimiter(rateCounters), log.child({ module: 'admin-auth' })),
    operators,
    operatorAdmin: new OperatorsService(operators),
    audit: new AuditService(db),
    community,
    money: new MoneyService(
      new MoneyRepository(db),
      domains.money.payments.orders,
      domains.money.settings,
      db,
    ),
    users: new UsersService(new UsersRepository(db), domains.money.ledger, domains.money.wallet),
    dashboard: new DashboardService(
      new DashboardRepository(db),
      domains.analytics.dashboard,
      community,
      domains.imports,
    ),
    library: new LibraryService(new LibraryRepository(db), new FolderPaths(), domains.imports, {
      libraryDir: domains.libraryDir ?? null,
      dataDir: domains.dataDir ?? null,
    }),
    catalogue: new CatalogueAdminService(new CatalogueAdminRepository(db)),
    cover: new CoverAdminService(),
    people: new PeopleAdminService(),
    homePicks: new HomePicksAdminService(new HomePicksRepository(db)),
    merge: new MergeAdminService(),
    ads: new AdsAdminService(new AdsAdminRepository(db)),
    lockouts: new LockoutService(rateCounters),
  };
}
