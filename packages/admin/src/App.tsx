/**
 * The console shell: Refine with the /admin/api data and auth providers, the react-router
 * bindings, i18next, and Ant Design's themed layout. Each section is a set of Refine resources (the
 * sider menu) and routes; see docs/develop/add-a-console-section.md.
 */
import { Authenticated, Refine, usePermissions, type I18nProvider } from '@refinedev/core';
import { ErrorComponent, ThemedLayout, ThemedSider, useNotificationProvider } from '@refinedev/antd';
import routerProvider, {
  CatchAllNavigate,
  DocumentTitleHandler,
  NavigateToResource,
} from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCNLocale from 'antd/locale/zh_CN';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router';
import { accessControlProvider } from './api/access-control';
import type { Role } from './api/auth-provider';
import { authProvider } from './api/auth-provider';
import { dataProvider } from './api/data-provider';
import { ConsoleHeader } from './components/ConsoleHeader';
import { ConsoleTitle } from './components/ConsoleTitle';
import { setLanguage, type Language } from './i18n';
import { LoginPage } from './pages/login/LoginPage';
import { SECTIONS } from './sections';

// Charts stay in the dashboard's own chunk.
const DashboardPage = lazy(() => import('./pages/dashboard/DashboardPage'));

/** The console's first page: the dashboard, or the moderation queue for a moderator (moderation only). */
function ConsoleHome() {
  const { data: role, isLoading } = usePermissions<Role>({});
  if (isLoading) return null;
  return role === 'moderator' ? <Navigate to="/community/moderation" replace /> : <DashboardPage />;
}

export function App() {
  const { t, i18n } = useTranslation();
  const i18nProvider: I18nProvider = {
    translate: (key: string, options?: unknown, defaultMessage?: string) =>
      String(i18n.t(key, { defaultValue: defaultMessage ?? key, ...(options as object) })),
    changeLocale: (language: string) => {
      setLanguage(language as Language);
      return Promise.resolve();
    },
    getLocale: () => i18n.language,
  };
  const resources = [
    { name: 'dashboard', list: '/', meta: { label: t('menu.dashboard'), icon: SECTIONS.dashboardIcon } },
    ...SECTIONS.resources(t),
  ];

  return (
    <BrowserRouter basename="/admin">
      <ConfigProvider
        locale={i18n.language === 'en' ? enUS : zhCNLocale}
        theme={{ token: { colorPrimary: '#FD586D' } }}
      >
        <AntdApp>
          <Refine
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            routerProvider={routerProvider}
            i18nProvider={i18nProvider}
            notificationProvider={useNotificationProvider}
            resources={resources}
            options={{ syncWithLocation: true, disableTelemetry: true, warnWhenUnsavedChanges: false }}
          >
            <Routes>
              <Route
                element={
                  <Authenticated key="console" fallback={<CatchAllNavigate to="/login" />}>
                    <ThemedLayout
                      Header={ConsoleHeader}
                      Title={ConsoleTitle}
                      Sider={(props) => <ThemedSider {...props} render={({ items }) => items} />}
                    >
                      <Suspense>
                        <Outlet />
                      </Suspense>
                    </ThemedLayout>
                  </Authenticated>
                }
              >
                <Route index element={<ConsoleHome />} />
                {SECTIONS.routes()}
                <Route path="*" element={<ErrorComponent />} />
              </Route>
              <Route
                element={
                  <Authenticated key="login" fallback={<Outlet />}>
                    <NavigateToResource resource="dashboard" />
                  </Authenticated>
                }
              >
                <Route path="/login" element={<LoginPage />} />
              </Route>
            </Routes>
            <DocumentTitleHandler handler={() => t('app.title')} />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
