/** Table types of migration 0021-home-picks.ts (the console's home picks); merged into DB in schema.ts. */
import type { Generated } from 'kysely';

export interface HomePicksTable {
  id: Generated<number>;
  /** Work kind: 0 comic, 1 novel, 2 anime. */
  kind: number;
  /** 'banner' or 'reco'. */
  slot: string;
  work_id: number;
  /** The banner's own picture (a media key); '' uses the work's cover. */
  image_key: Generated<string>;
  position: number;
  created_time: number;
}

export interface HomePickTables {
  home_picks: HomePicksTable;
}
