import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { pageMessagesReady } from '../i18n';
import type { PageProps } from './page-props';

type PageComponent = LazyExoticComponent<ComponentType<PageProps>>;
type PageModule = { default: ComponentType<PageProps> };

/**
 * A page that shows once its code and the active language's messages for every page are in (the
 * first download carries only the launch screens' English: i18n/index.ts).
 */
function page(load: () => Promise<PageModule>): PageComponent {
  return lazy(() => Promise.all([load(), pageMessagesReady()]).then(([module]) => module));
}

/**
 * A launch screen (the entry page, home, the readers a shared chapter link opens): its English ships
 * with the app's code (en-launch.ts), so it does not wait for the rest (on a chapter link that would
 * be one more request, 7.3 KiB, between the app's code and the reader's first page).
 * `i18n/launch-messages.test.ts` checks that every section these screens use is there.
 */
function launchPage(load: () => Promise<PageModule>): PageComponent {
  return lazy(load);
}

/**
 * Built pages by route name; every other route gets the coming-soon page. Each entry is its own
 * chunk, so a page's code loads only when it is visited.
 */
const BUILT: Record<string, PageComponent> = {
  entry: launchPage(() => import('./entry/EntryPage')),
  index: launchPage(() => import('./entry/EntryPage')),
  home: launchPage(() => import('./home/HomePage')),
  sort: page(() => import('./sort/SortPage')),
  homeSort: page(() => import('./sort/SortPage')),
  cartoon: page(() => import('./sort/SortPage')),
  ranking: page(() => import('./sort/RankingPage')),
  search: page(() => import('./home/search/SearchPage')),
  searchList: page(() => import('./home/search/SearchListPage')),
  homeIndex: page(() => import('./home/WorkListPage')),
  novelView: page(() => import('./home/WorkListPage')),
  cartoonDetails: page(() => import('./cartoon/DetailsPage')),
  cartoonReader: launchPage(() => import('./cartoon/ReaderPage')),
  cartoonTag: page(() => import('./cartoon/TagPage')),
  novelCover: page(() => import('./novel/CoverPage')),
  novelReader: launchPage(() => import('./novel/ReaderPage')),
  novelTag: page(() => import('./novel/NovelTagPage')),
  author: page(() => import('./menu/AuthorPage')),
  book: page(() => import('./book/BookPage')),
  bookHistory: page(() => import('./book/HistoryPage')),
  user: page(() => import('./user/UserPage')),
  seting: page(() => import('./settings/SettingsPage')),
  login: page(() => import('./login/LoginPage')),
  register: page(() => import('./login/RegisterPage')),
  retrieve: page(() => import('./login/RetrievePage')),
  settingInfo: page(() => import('./settings/InfoPage')),
  settingName: page(() => import('./settings/NamePage')),
  settingCode: page(() => import('./settings/CodePage')),
  settingPhone: page(() => import('./settings/BindPage')),
  settingEmail: page(() => import('./settings/BindPage')),
  writeOff: page(() => import('./settings/WriteOffPage')),
  settingOpds: page(() => import('./settings/OpdsTokensPage')),
  anime: page(() => import('./anime/AnimeTabPage')),
  animeDetails: page(() => import('./anime/DetailsPage')),
  animePlayer: page(() => import('./anime/PlayerPage')),
  animeList: page(() => import('./anime/ListPage')),
  animeTag: page(() => import('./anime/TagPage')),
  animeFavorites: page(() => import('./anime/FavoritesPage')),
  animeSearch: page(() => import('./anime/SearchPage')),
  review: page(() => import('./cartoon/review/ReviewPage')),
  messages: page(() => import('./user/cell/MessagesPage')),
  messageDetails: page(() => import('./user/cell/MessageDetailsPage')),
  follow: page(() => import('./user/cell/FollowPage')),
  downloads: page(() => import('./user/downloads/DownloadsPage')),
  feedback: page(() => import('./user/feedback/FeedbackPage')),
  feedbackLog: page(() => import('./user/feedback/LogPage')),
  feedbackMessage: page(() => import('./user/feedback/MessagePage')),
  problem: page(() => import('./user/problem/ProblemPage')),
  about: page(() => import('./user/about/AboutPage')),
  agreement: page(() => import('./user/about/AgreementPage')),
  vip: page(() => import('./user/vip/VipPage')),
  balance: page(() => import('./user/vip/BalancePage')),
  pay: page(() => import('./user/vip/PayPage')),
  assist: page(() => import('./user/assist/AssistPage')),
  orderLog: page(() => import('./quest/OrderLogPage')),
  expenseLog: page(() => import('./quest/ExpenseLogPage')),
  quest: page(() => import('./quest/QuestPage')),
  questLog: page(() => import('./quest/QuestLogPage')),
  invite: page(() => import('./user/invite/InvitePage')),
  inviteWrite: page(() => import('./user/invite/WritePage')),
  inviteLog: page(() => import('./user/invite/InviteLogPage')),
  update: page(() => import('./update/UpdatePage')),
  ai: page(() => import('./ai/AiPage')),
  aiLog: page(() => import('./ai/AiLogPage')),
  aiChat: page(() => import('./ai-chat/ChatPage')),
};

const ComingSoonPage: PageComponent = page(() => import('./common/ComingSoonPage'));

export function pageFor(name: string): PageComponent {
  return BUILT[name] ?? ComingSoonPage;
}
