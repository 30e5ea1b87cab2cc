import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageProps } from './page-props';

type PageComponent = LazyExoticComponent<ComponentType<PageProps>>;

/**
 * Built pages by route name; every other route gets the coming-soon page. Each entry is its own
 * chunk, so a page's code loads only when it is visited.
 */
const BUILT: Record<string, PageComponent> = {
  entry: lazy(() => import('./entry/EntryPage')),
  index: lazy(() => import('./entry/EntryPage')),
  home: lazy(() => import('./home/HomePage')),
  sort: lazy(() => import('./sort/SortPage')),
  homeSort: lazy(() => import('./sort/SortPage')),
  ranking: lazy(() => import('./sort/RankingPage')),
  search: lazy(() => import('./home/search/SearchPage')),
  searchList: lazy(() => import('./home/search/SearchListPage')),
  homeIndex: lazy(() => import('./home/WorkListPage')),
  novelView: lazy(() => import('./home/WorkListPage')),
  cartoonDetails: lazy(() => import('./cartoon/DetailsPage')),
  cartoonReader: lazy(() => import('./cartoon/ReaderPage')),
  cartoonTag: lazy(() => import('./cartoon/TagPage')),
  novelCover: lazy(() => import('./novel/CoverPage')),
  novelReader: lazy(() => import('./novel/ReaderPage')),
  novelTag: lazy(() => import('./novel/NovelTagPage')),
  author: lazy(() => import('./menu/AuthorPage')),
  book: lazy(() => import('./book/BookPage')),
  bookHistory: lazy(() => import('./book/HistoryPage')),
  user: lazy(() => import('./user/UserPage')),
  seting: lazy(() => import('./settings/SettingsPage')),
  login: lazy(() => import('./login/LoginPage')),
  register: lazy(() => import('./login/RegisterPage')),
  retrieve: lazy(() => import('./login/RetrievePage')),
  settingInfo: lazy(() => import('./settings/InfoPage')),
  settingName: lazy(() => import('./settings/NamePage')),
  settingCode: lazy(() => import('./settings/CodePage')),
  settingPhone: lazy(() => import('./settings/BindPage')),
  settingEmail: lazy(() => import('./settings/BindPage')),
  writeOff: lazy(() => import('./settings/WriteOffPage')),
  anime: lazy(() => import('./anime/AnimeTabPage')),
  animeDetails: lazy(() => import('./anime/DetailsPage')),
  animePlayer: lazy(() => import('./anime/PlayerPage')),
  animeList: lazy(() => import('./anime/ListPage')),
  animeTag: lazy(() => import('./anime/TagPage')),
  animeFavorites: lazy(() => import('./anime/FavoritesPage')),
  animeSearch: lazy(() => import('./anime/SearchPage')),
  review: lazy(() => import('./cartoon/review/ReviewPage')),
  messages: lazy(() => import('./user/cell/MessagesPage')),
  messageDetails: lazy(() => import('./user/cell/MessageDetailsPage')),
  follow: lazy(() => import('./user/cell/FollowPage')),
  feedback: lazy(() => import('./user/feedback/FeedbackPage')),
  feedbackLog: lazy(() => import('./user/feedback/LogPage')),
  feedbackMessage: lazy(() => import('./user/feedback/MessagePage')),
  problem: lazy(() => import('./user/problem/ProblemPage')),
  about: lazy(() => import('./user/about/AboutPage')),
  agreement: lazy(() => import('./user/about/AgreementPage')),
  vip: lazy(() => import('./user/vip/VipPage')),
  balance: lazy(() => import('./user/vip/BalancePage')),
  pay: lazy(() => import('./user/vip/PayPage')),
  assist: lazy(() => import('./user/assist/AssistPage')),
  orderLog: lazy(() => import('./quest/OrderLogPage')),
  expenseLog: lazy(() => import('./quest/ExpenseLogPage')),
};

const ComingSoonPage: PageComponent = lazy(() => import('./common/ComingSoonPage'));

export function pageFor(name: string): PageComponent {
  return BUILT[name] ?? ComingSoonPage;
}
