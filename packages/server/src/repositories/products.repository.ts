/** VIP plans and coin packages (seeded by migration 0009; the admin console edits them). */
import type { Database } from '../db/database.js';

export class ProductsRepository {
  constructor(private readonly db: Database) {}

  async vipPlans(includeDisabled = false) {
    let query = this.db.selectFrom('vip_plans').selectAll().orderBy('sort').orderBy('id');
    if (!includeDisabled) query = query.where('enabled', '=', 1);
    return query.execute();
  }

  async coinPackages(includeDisabled = false) {
    let query = this.db.selectFrom('coin_packages').selectAll().orderBy('sort').orderBy('id');
    if (!includeDisabled) query = query.where('enabled', '=', 1);
    return query.execute();
  }

  async vipPlan(id: number) {
    return this.db.selectFrom('vip_plans').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async coinPackage(id: number) {
    return this.db.selectFrom('coin_packages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** True when the user ever had a VIP order fulfilled (the first-month offer is for first purchases only). */
  async hadPaidVip(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('payment_orders')
      .select('id')
      .where('user_id', '=', userId)
      .where('product_type', '=', 'vip')
      .where('status', 'in', ['fulfilled', 'refunded'])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
