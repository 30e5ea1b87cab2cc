/** Table types of migration 0027-server-secrets.ts; merged into DB in schema.ts. */

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_time: number;
}

export interface FirstPriceHoldsTable {
  user_id: number;
  /** Which first-purchase offer ('vip': the first VIP plan bought). */
  offer: string;
  /** The order holding it. */
  order_no: string;
  created_time: number;
}

export interface ServerSecretTables {
  server_secrets: ServerSecretsTable;
  first_price_holds: FirstPriceHoldsTable;
}
