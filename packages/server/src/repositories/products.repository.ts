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

  /**
   * True when the user's first-purchase VIP price is gone: a VIP order of theirs was fulfilled (or
   * refunded), or an order still open holds the price (first_price_holds), so a second order made
   * meanwhile is quoted, and charged, the list price.
   */
  async hadPaidVip(userId: number): Promise<boolean> {
    const paid = await this.db
      .selectFrom('payment_orders')
      .select('id')
      .where('user_id', '=', userId)
      .where('product_type', '=', 'vip')
      .where('status', 'in', ['fulfilled', 'refunded'])
      .limit(1)
      .executeTakeFirst();
    if (paid) return true;
    const held = await this.db
      .selectFrom('first_price_holds')
      .innerJoin('payment_orders', 'payment_orders.order_no', 'first_price_holds.order_no')
      .select('first_price_holds.order_no')
      .where('first_price_holds.user_id', '=', userId)
      .where('payment_orders.status', 'in', ['created', 'paid'])
      .limit(1)
      .executeTakeFirst();
    return held !== undefined;
  }
}
