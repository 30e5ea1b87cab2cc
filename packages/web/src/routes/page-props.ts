import type { RouteDef } from './route-table';

/** Every page component receives its own route-table row. */
export interface PageProps {
  route: RouteDef;
}
