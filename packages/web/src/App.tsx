import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import esES from 'antd-mobile/es/locales/es-ES';
import frFR from 'antd-mobile/es/locales/fr-FR';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhTW from 'antd-mobile/es/locales/zh-TW';
import { useTranslation } from 'react-i18next';
import { isLocale } from './i18n/locale';
import { AppRouter } from './routes/router';
import { queryClient } from './state/queries/query-client';

const ANTD_LOCALES = { en: enUS, es: esES, fr: frFR, 'zh-CN': zhCN, 'zh-TW': zhTW };

export function App() {
  const { i18n } = useTranslation();
  const antdLocale = isLocale(i18n.language) ? ANTD_LOCALES[i18n.language] : enUS;
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
