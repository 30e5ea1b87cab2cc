/** The dashboard's reads that the analytics roll-ups do not hold: views, money, queues and jobs. */
import type { Database } from '../../db/database.js';

export class DashboardRepository {
  constructor(private readonly db: Database) {}

  /** Views per UTC day and kind (work_stats_daily is keyed by UTC day, see view-counter.service). */
  async viewsPerDayAndKind(fromUtcDay: number) {
    const rows = await this.db
      .selectFrom('work_stats_daily as s')
      .innerJoin('works as w', 'w.id', 's.work_id')
      .select((eb) => ['s.day', 'w.type', eb.fn.sum<number>('s.views').as('views')])
      .where('s.day', '>=', fromUtcDay)
      .groupBy(['s.day', 'w.type'])
      .execute();
    return rows.map((row) => ({ day: Number(row.day), type: Number(row.type), views: Number(row.views) }));
  }

  async topWorks(fromUtcDay: number, limit: number) {
    const rows = await this.db
      .selectFrom('work_stats_daily as s')
      .innerJoin('works as w', 'w.id', 's.work_id')
      .select((eb) => ['w.id', 'w.title', 'w.type', eb.fn.sum<number>('s.views').as('views')])
      .where('s.day', '>=', fromUtcDay)
      .groupBy(['w.id', 'w.title', 'w.type'])
      .orderBy('views', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      type: Number(row.type),
      views: Number(row.views),
    }));
  }

  /** Paid orders (fulfilled or later refunded) and refunds since `from`, for revenue per day. */
  async payments(from: number) {
    const paid = await this.db
      .selectFrom('payment_orders')
      .select(['amount_fen', 'paid_time', 'refunded_time'])
      .where('paid_time', '>=', from)
      .where('status', 'in', ['fulfilled', 'refunded'])
      .execute();
    const refunded = await this.db
      .selectFrom('payment_orders')
      .select(['amount_fen', 'refunded_time'])
      .where('refunded_time', '>=', from)
      .where('status', '=', 'refunded')
      .execute();
    return {
      paid: paid.map((row) => ({ fen: Number(row.amount_fen), time: Number(row.paid_time) })),
      refunded: refunded.map((row) => ({ fen: Number(row.amount_fen), time: Number(row.refunded_time) })),
    };
  }

  async unansweredFeedback(): Promise<number> {
    const row = await this.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('reply_time', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async transcodeCounts() {
    const rows = await this.db
      .selectFrom('transcode_jobs')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)])) as Record<string, number>;
  }
}
