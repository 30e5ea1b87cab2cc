/**
 * The page's first script (docs/develop/decisions/0022-first-script-sends-launch-calls.md): a small
 * chunk that sends the launch calls (start-up settings and visitor init together, then the landing
 * page's data and first image) while the app's own code — React, the router, TanStack Query,
 * i18next, ~110 KiB — is still downloading (index.html modulepreloads it), so the calls do not wait
 * for that code to arrive and run. Then it runs the app.
 *
 * The app's code is evaluated only once the landing page's data call is out. On a slow phone
 * evaluating it is one long task (≈ 250 ms at a 4× slower CPU); a new visitor's init answer
 * arriving during it would wait for it to end before the landing data could be asked for, sending
 * home's data (and then its banner) ≈ 400 ms after the session existed. With the code held back,
 * that call goes out in the init answer's own task and the code is evaluated while it is in flight.
 * A returning visitor's landing calls go out at once, so nothing waits; a slow or failed init
 * holds the app for HOLD_CAP_MS at most (the entry page then shows what it is waiting for).
 */
import { initialLocale } from './i18n/locale';
import { landingTarget, startLaunchCalls } from './lib/launch/launch-calls';
import { runWhenReady } from './lib/launch/run-when-ready';
import { nextTask } from './lib/next-task';
import { sessionStore } from './state/session';

/** The longest the app's code waits for the landing's calls to go out. */
const HOLD_CAP_MS = 1_500;

const newVisitor = sessionStore.get().token === '';
// The calls are sealed in a task after this chunk's evaluation, not in it: together the two are one
// task of 15–19 ms on a desktop (half of it the first seal making AES's tables), the page's longest
// after its first paint, which Lighthouse multiplies by 4 on a phone (×8 on a machine half as fast).
// `nextTask` continues ahead of other queued tasks, so nothing goes out later.
const landingCallsOut = nextTask().then(() => startLaunchCalls(globalThis.location.hash));
const landing = landingTarget(globalThis.location.hash);

// Every page but the launch screens (entry, home, the readers) shows once the rest of English is in
// (routes/pages.ts). For a link to one (a comic's detail page), that chunk goes out now, beside the
// launch calls: asked for by the app's code, it would be one more round trip after that code had
// run, between it and the page's first paint. A link to a launch screen (a reader) does not need it.
// The launch screens of routes/pages.ts (`launchPage`) that a link can land on.
const LAUNCH_SCREENS = new Set(['home', 'cartoonReader', 'novelReader']);
if (!LAUNCH_SCREENS.has(landing.name ?? '') && initialLocale() === 'en')
  void import('./i18n/locales/en-rest');

/**
 * The chunks the landing needs, and then the app. Each import evaluates the app's code once it is
 * there (every chunk imports it), so all of them wait for the landing's calls.
 */
function runApp(): void {
  // A new visitor passes through the entry page (spec §2). Its code is in the app chunk
  // (vite.config.ts); the import says what the page needs even if the grouping changes.
  if (newVisitor) void import('./routes/entry/EntryPage');
  // The landing page's chunk and what it imports (Vite's preload helper adds their CSS).
  const { name } = landing;
  if (name === 'home') void import('./routes/home/HomePage');
  else if (name === 'cartoonDetails') void import('./routes/cartoon/DetailsPage');
  else if (name === 'cartoonReader') void import('./routes/cartoon/ReaderPage');
  void import('./main');
}

runWhenReady(landingCallsOut, HOLD_CAP_MS, runApp);
