// Deep imports: antd-mobile's barrel is marked side-effectful, so importing it here would pull
// every component it touches into the first download.
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './App';
import { ConfigErrorScreen } from './components/ConfigErrorScreen';
import { initI18n } from './i18n';
import { wireApiClientUi } from './lib/api/wire-ui';
import { startLayout } from './lib/apply-layout';
import { rememberLaunchChannel } from './lib/channel';
import { loadRuntimeConfig } from './lib/runtime-config';
import { themeStore } from './theme/theme-store';
import 'antd-mobile/es/global';
import './theme/global.css';

// antd-mobile 5 renders Toast/Dialog through ReactDOM.render, which React 19 removed.
unstableSetRender((node, container) => {
  const holder = container as (Element | DocumentFragment) & { __dm51Root?: Root };
  holder.__dm51Root ??= createRoot(holder);
  const root = holder.__dm51Root;
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
    delete holder.__dm51Root;
  };
});

async function boot(): Promise<void> {
  themeStore.init();
  startLayout();
  await initI18n();
  rememberLaunchChannel(globalThis.location);
  const root = createRoot(document.getElementById('root')!);
  const config = loadRuntimeConfig();
  if (!config.ok) {
    root.render(<ConfigErrorScreen problem={config.problem} />);
    return;
  }
  wireApiClientUi();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
