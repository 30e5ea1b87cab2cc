import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ConfigErrorScreen } from './components/ConfigErrorScreen';
import { initI18n } from './i18n';
import { afterLanding } from './lib/after-landing';
import { wireApiClientUi } from './lib/api/wire-ui';
import { startLayout } from './lib/apply-layout';
import { rememberLaunchChannel } from './lib/channel';
import { rememberLaunchInvite } from './lib/invite-link';
import { nextTask } from './lib/next-task';
import { loadRuntimeConfig } from './lib/runtime-config';
import { themeStore } from './theme/theme-store';
// Deep import: antd-mobile's barrel is marked side-effectful, so importing it here would pull every
// component it touches into the first download.
import 'antd-mobile/es/global';
import './theme/global.css';

async function boot(): Promise<void> {
  // Three tasks instead of one: evaluating this chunk's modules, then the theme, layout and i18next,
  // then the root. As one task it would be the launch's longest after the first paint (≈ 180 ms at
  // Lighthouse's 4× slower CPU, most of home's total blocking time).
  await nextTask();
  themeStore.init();
  startLayout();
  await initI18n();
  await nextTask();
  rememberLaunchChannel(globalThis.location);
  // Invite programme: a share link's code waits for the register page.
  rememberLaunchInvite(globalThis.location);
  const root = createRoot(document.getElementById('root')!);
  const config = loadRuntimeConfig();
  if (!config.ok) {
    root.render(<ConfigErrorScreen problem={config.problem} />);
    return;
  }
  wireApiClientUi();
  // A transition: React renders the first tree in slices of a few milliseconds instead of one long
  // task, so a slow phone's main thread stays free for input and the network callbacks (rendered in
  // one go, the first tree is one of the launch's long tasks). The splash stays until it commits.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  // Once the landing page's largest image has painted (`afterLanding`): the service worker, so a new
  // build found later opens the update dialog, and its precache fetches the rest of the
  // app for offline use. What other pages need besides their code (the rest of English) they fetch
  // with it (routes/pages.ts), not home.
  void afterLanding().then(() => {
    void import('./lib/update-worker').then((module) => module.startServiceWorker());
  });
}

void boot();
