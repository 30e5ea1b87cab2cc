/**
 * The page's first script (issue 16, third pass): a small chunk that sends the launch calls
 * (start-up settings and visitor init together, then the landing page's data and first image) and
 * asks for the landing page's chunks while the app's own code — React, the router, TanStack Query,
 * i18next, ~120 KiB — is still downloading (index.html modulepreloads it). Then it runs the app.
 */
import { landingTarget, startLaunchCalls } from './lib/launch/launch-calls';
import { sessionStore } from './state/session';

// A new visitor passes through the entry page (spec §2), whose chunk is asked for now as well.
const newVisitor = sessionStore.get().token === '';
startLaunchCalls(globalThis.location.hash);
if (newVisitor) void import('./routes/entry/EntryPage');

// The landing page's chunk and what it imports, fetched beside the app's code (Vite's preload
// helper adds their CSS); evaluated once the app's code is there, as the router would load them.
const { name } = landingTarget(globalThis.location.hash);
if (name === 'home') void import('./routes/home/HomePage');
else if (name === 'cartoonDetails') void import('./routes/cartoon/DetailsPage');
else if (name === 'cartoonReader') void import('./routes/cartoon/ReaderPage');

void import('./main');
