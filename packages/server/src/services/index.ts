/** Wires repositories into services once per app; routes reach them through `app.services`. */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { ImportJobService } from '../import/import-job.service.js';
import { instanceName } from '../observability/request-id.js';
import { createCodeDelivery } from '../delivery/code-delivery.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { AccountRepository } from '../repositories/account.repository.js';
import { rateCounters } from '../shared-state/rate-counters.js';
import { VerificationCodeRepository } from '../repositories/verification-code.repository.js';
import { AccountService } from './account.service.js';
import { AuthService } from './auth.service.js';
import { IdentityCardService } from './identity-card.service.js';
import { VerificationService } from './verification.service.js';
import { SessionRepository } from '../repositories/session.repository.js';
import { SettingsRepository } from '../repositories/settings.repository.js';
import { UserRepository } from '../repositories/user.repository.js';
import { GuestService } from './guest.service.js';
import { SessionService } from './session.service.js';
import { SettingsService } from './settings.service.js';
import { UserService } from './user.service.js';
import { CatalogueRepository } from '../repositories/catalogue.repository.js';
import { AdsRepository } from '../repositories/catalogue-ads.repository.js';
import { HistoryRepository } from '../repositories/history.repository.js';
import { ReaderStateRepository } from '../repositories/reader-state.repository.js';
import { RankingRepository } from '../repositories/ranking.repository.js';
import { SearchRepository } from '../repositories/search.repository.js';
import { ShelfRepository } from '../repositories/shelf.repository.js';
import { CatalogueService } from './catalogue.service.js';
import { HistoryService } from './history.service.js';
import { HomePicksRepository } from '../repositories/home-picks.repository.js';
import { HomeService } from './home.service.js';
import { RankingService } from './ranking.service.js';
import { ReaderService } from './reader.service.js';
import { SearchService } from './search.service.js';
import { ShelfService } from './shelf.service.js';
import { ViewCounter } from './view-counter.service.js';
import { CommentRepository } from '../repositories/comment.repository.js';
import { MessageRepository } from '../repositories/message.repository.js';
import { FollowRepository } from '../repositories/follow.repository.js';
import { FeedbackRepository } from '../repositories/feedback.repository.js';
import { HelpRepository } from '../repositories/help.repository.js';
import { CommentService } from './comment.service.js';
import { CommentImageService } from './comment-image.service.js';
import { ModerationService } from './moderation.service.js';
import { MessageService } from './message.service.js';
import { FollowService } from './follow.service.js';
import { FeedbackService } from './feedback.service.js';
import { HelpService } from './help.service.js';
import { createAnimeServices, type AnimeServices } from './anime-services.js';
import { createMoneyServices, type MoneyServices } from './money-services.js';
import type { ServiceDeps } from './service-deps.js';
import { createTaskServices, type TaskServices } from './task-services.js';
import { createInviteServices, type InviteServices } from './invite-services.js';
import { createAdUpdateServices, type AdUpdateServices } from './ad-update-services.js';
import { createAiServices, type AiServices } from './ai-services.js';
import type { UnlockService } from './unlock.service.js';
import { createAnalyticsServices, type AnalyticsServices } from './analytics-services.js';
import { createOpdsServices, type OpdsServices } from '../opds/opds-services.js';
import { createKosyncServices, type KosyncServices } from '../kosync/kosync-services.js';
import { createAdminServices, type AdminServices } from '../admin/admin-services.js';
import { createRecommendationServices, type RecommendationServices } from './recommendation-services.js';

export interface Services {
  sessions: SessionService;
  guests: GuestService;
  users: UserService;
  settings: SettingsService;
  auth: AuthService;
  accounts: AccountService;
  catalogue: CatalogueService;
  home: HomeService;
  reader: ReaderService;
  shelf: ShelfService;
  history: HistoryService;
  search: SearchService;
  ranking: RankingService;
  /** Background library imports (queued, running n/N, done with summary, failed with reason). */
  imports: ImportJobService;
  /** Buffered view counts; started and flushed on close by routes/rank/view-counter-lifecycle.ts. */
  views: ViewCounter;
  /** Anime: details/play/progress, the HLS packaging queue and VIP key access. */
  anime: AnimeServices['anime'];
  transcode: AnimeServices['transcode'];
  videoAccess: AnimeServices['videoAccess'];
  /** Community. */
  comments: CommentService;
  messages: MessageService;
  follows: FollowService;
  feedback: FeedbackService;
  help: HelpService;
  /** Money: ledger, wallet, products, unlocks, payments; see money-services.ts. */
  money: MoneyServices;
  /** Growth: the task centre, the invite programme, ad statistics and the update config. */
  tasks: TaskServices;
  invites: InviteServices;
  adsUpdates: AdUpdateServices;
  /** First-party analytics: ingestion, roll-ups, dashboard aggregates, forwarder. */
  analytics: AnalyticsServices;
  /** The AI section: charges (free tries, AI credits), images (AI cos), chat and reading helpers. */
  ai: AiServices;
  /** OPDS for e-reader apps: app tokens, feeds, PSE pages, CBZ and EPUB downloads. */
  opds: OpdsServices;
  /** KOReader progress sync (/kosync) and the record of what each download is. */
  kosync: KosyncServices;
  /** The operator console: operators, sessions, audit log and the sections' services. */
  admin: AdminServices;
  /** "For you", "readers of this also read" and the co-occurrence job that feeds them. */
  recommendations: RecommendationServices;
}

export type { ServiceDeps } from './service-deps.js';

export function createServices(db: Database, log: FastifyBaseLogger, deps: ServiceDeps = {}): Services {
  const users = new UserRepository(db);
  const sessions = new SessionService(new SessionRepository(db));
  const money = createMoneyServices(db, log, deps);
  const discovery = createDiscoveryServices(db, log, money.unlocks);
  const invites = createInviteServices(db, log, deps, { money });
  const tasks = createTaskServices(db, log, deps, { money, milestones: invites.milestones });
  const imports = createImportJobs(db, log, deps);
  const analytics = createAnalyticsServices(db, log, deps);
  return {
    sessions,
    guests: new GuestService(users, sessions, log.child({ module: 'guests' })),
    users: new UserService(users),
    settings: new SettingsService(new SettingsRepository(db), log.child({ module: 'settings' })),
    ...createAccountServices(db, log, sessions, deps),
    ...discovery,
    imports,
    ...createCommunityServices(db, log, deps),
    ...createAnimeServices(db, log, deps, { ...discovery, unlocks: money.unlocks }),
    money,
    tasks,
    invites,
    adsUpdates: createAdUpdateServices(db, log, deps),
    analytics,
    ai: createAiServices(db, log, deps, { money, today: () => tasks.clock.day() }),
    opds: createOpdsServices(db, deps, { ...discovery, unlocks: money.unlocks }),
    kosync: createKosyncServices(db),
    recommendations: createRecommendationServices(db, log, deps, discovery.catalogue),
    admin: createAdminServices(db, log, {
      money,
      analytics,
      imports,
      libraryDir: deps.config?.libraryDir,
      dataDir: deps.config?.dataDir ?? null,
      rateCounters: rateCounters(db, deps.redis),
    }),
  };
}

/** Background library imports: one at a time, in a worker thread. */
function createImportJobs(db: Database, log: FastifyBaseLogger, deps: ServiceDeps): ImportJobService {
  const c = deps.config;
  const config =
    c?.dataDir && c.sqlitePath && c.databaseUrl !== undefined
      ? {
          dataDir: c.dataDir,
          sqlitePath: c.sqlitePath,
          databaseUrl: c.databaseUrl,
          imageXorKey: c.imageXorKey,
          ...(c.mediaStore ? { mediaStore: c.mediaStore } : {}),
        }
      : null;
  return new ImportJobService(db, config, log.child({ module: 'imports' }), instanceName(c?.instanceId));
}

/** Catalogue, readers, shelf, history, search and ranking (discovery). */
function createDiscoveryServices(
  db: Database,
  log: FastifyBaseLogger,
  unlocks: UnlockService,
): Pick<Services, 'catalogue' | 'home' | 'reader' | 'shelf' | 'history' | 'search' | 'ranking' | 'views'> {
  const catalogueRepo = new CatalogueRepository(db);
  const shelfRepo = new ShelfRepository(db);
  const historyRepo = new HistoryRepository(db);
  const rankingRepo = new RankingRepository(db);
  const views = new ViewCounter(rankingRepo, log.child({ module: 'views' }));
  const catalogue = new CatalogueService(catalogueRepo, new ReaderStateRepository(db), unlocks);
  return {
    catalogue,
    home: new HomeService(
      catalogueRepo,
      rankingRepo,
      new AdsRepository(db),
      catalogue,
      undefined,
      new HomePicksRepository(db),
    ),
    reader: new ReaderService(catalogueRepo, views, unlocks),
    shelf: new ShelfService(shelfRepo, catalogue),
    history: new HistoryService(historyRepo, catalogueRepo, catalogue),
    search: new SearchService(new SearchRepository(db), catalogueRepo, catalogue),
    ranking: new RankingService(rankingRepo, catalogueRepo),
    views,
  };
}

function createAccountServices(
  db: Database,
  log: FastifyBaseLogger,
  sessions: SessionService,
  deps: ServiceDeps,
): Pick<Services, 'auth' | 'accounts'> {
  const accounts = new AccountRepository(db);
  const codes = new VerificationService(new VerificationCodeRepository(db));
  const cards = new IdentityCardService(accounts);
  const authLog = log.child({ module: 'auth' });
  const delivery = createCodeDelivery(deps.config?.delivery, log.child({ module: 'delivery' }));
  const storage =
    deps.media && deps.config ? { media: deps.media, imageXorKey: deps.config.imageXorKey } : null;
  return {
    auth: new AuthService(
      accounts,
      sessions,
      codes,
      cards,
      new RateLimiter(rateCounters(db, deps.redis)),
      delivery,
      authLog,
    ),
    accounts: new AccountService(
      accounts,
      sessions,
      codes,
      cards,
      storage,
      log.child({ module: 'accounts' }),
    ),
  };
}

/** Comments, messages, follows, feedback and help (community). */
function createCommunityServices(
  db: Database,
  log: FastifyBaseLogger,
  deps: ServiceDeps,
): Pick<Services, 'comments' | 'messages' | 'follows' | 'feedback' | 'help'> {
  const commentRepo = new CommentRepository(db);
  const catalogueRepo = new CatalogueRepository(db);
  const settingsRepo = new SettingsRepository(db);
  const limiter = new RateLimiter(rateCounters(db, deps.redis));
  const images = new CommentImageService(
    deps.media && deps.config ? { media: deps.media, imageXorKey: deps.config.imageXorKey } : null,
  );
  const messages = new MessageService(new MessageRepository(db), commentRepo, catalogueRepo);
  return {
    comments: new CommentService(
      commentRepo,
      catalogueRepo,
      images,
      new ModerationService(settingsRepo, log.child({ module: 'moderation' })),
      messages,
      limiter,
      log.child({ module: 'comments' }),
    ),
    messages,
    follows: new FollowService(new FollowRepository(db), catalogueRepo, messages),
    feedback: new FeedbackService(new FeedbackRepository(db), images, limiter),
    help: new HelpService(settingsRepo, new HelpRepository(db), log.child({ module: 'help' })),
  };
}
