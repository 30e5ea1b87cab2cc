import type { QueryClient } from '@tanstack/react-query';
import { clearDecodedImages } from '../components/xfile-image/use-xfile-image';

/**
 * Settings → clear cache: drops what the app keeps to be fast, never what the user owns. Decoded
 * images and cached lists go (visible ones refetch), and so do the service worker's runtime caches;
 * the precached app shell stays so the app still opens offline, and the session stays.
 */
export async function clearAppCache(queryClient: QueryClient): Promise<void> {
  clearDecodedImages();
  queryClient.removeQueries({ type: 'inactive' });
  await queryClient.invalidateQueries();
  const caches = globalThis.caches;
  if (!caches) return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !name.includes('precache')).map((name) => caches.delete(name)));
}
