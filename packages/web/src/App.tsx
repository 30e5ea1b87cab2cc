import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import { useTranslation } from 'react-i18next';
import { antdLocaleFor } from './i18n/antd-locales';
import { AppRouter } from './routes/router';
import { queryClient } from './state/queries/query-client';

export function App() {
  const { i18n } = useTranslation();
  const antdLocale = antdLocaleFor(i18n.language);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale}>
        <div className="app-column">
          <AppRouter />
        </div>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
