import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes/route-table';
import { APP_DOCUMENT_PATHS, isAppNavigation } from './app-documents';

const ORIGIN = 'https://comics.example';
const at = (path: string) => new URL(path, ORIGIN);

describe("the service worker's navigation fallback", () => {
  it('opens every page of the route table, with or without a launch query', () => {
    for (const route of ROUTES) {
      expect(isAppNavigation(at(`/#${route.path}`))).toBe(true);
      expect(isAppNavigation(at(`/?channelCode=CH01#${route.path}`))).toBe(true);
      expect(isAppNavigation(at(`/index.html#${route.path}`))).toBe(true);
    }
    for (const path of APP_DOCUMENT_PATHS) expect(isAppNavigation(at(path))).toBe(true);
  });

  it("leaves the server's pages to the server, including ones it does not serve yet", () => {
    const serverPaths = [
      '/admin',
      '/admin/',
      '/admin/catalogue/works?page=2',
      '/opds',
      '/opds/comics',
      '/opds/v2/catalog.json',
      '/kosync/users/auth',
      '/kosync/syncs/progress/0123456789abcdef',
      '/docs',
      '/docs/json',
      '/media/ab/cd.jpg',
      '/v3/comic/index',
      '/cashier/42',
      '/pay/return?order=7',
      '/healthz',
      '/readyz',
      '/app-config.js',
      '/sw.js',
      '/manifest.webmanifest',
      '/pages/home/home',
      '/index.html/admin',
      '/a-route-added-next-year',
    ];
    for (const path of serverPaths) expect(isAppNavigation(at(path)), path).toBe(false);
  });
});
