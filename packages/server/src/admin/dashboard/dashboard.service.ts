/**
 * Dashboard: today and the last N days of active readers and new users (analytics roll-ups, days
 * in the server's zone), views per kind and top works (view roll-ups, UTC days), revenue net of
 * refunds (payment orders, server days), and what waits for operators: pending comments, open
 * reports, unanswered feedback, running imports and transcodes.
 */
import { dayToDate, localDay } from '../../analytics/analytics-day.js';
import type { ImportJobService } from '../../import/import-job.service.js';
import type { AnalyticsDashboardService } from '../../services/analytics-dashboard.service.js';
import type { CommunityService } from '../community/community.service.js';
import type { DashboardRepository } from './dashboard.repository.js';

const DAY_S = 86_400;
const KINDS = ['comic', 'novel', 'anime'] as const;

export class DashboardService {
  constructor(
    private readonly repo: DashboardRepository,
    private readonly analytics: AnalyticsDashboardService,
    private readonly community: CommunityService,
    private readonly imports: Pick<ImportJobService, 'list'>,
  ) {}

  async overview(days: number, nowMs = Date.now()) {
    const today = localDay(nowMs);
    const first = today - days + 1;
    const dates = Array.from({ length: days }, (_, i) => dayToDate(first + i));
    const range = { from: dates[0]!, to: dates[dates.length - 1]! };
    const [active, newUsers] = await Promise.all([
      this.analytics.activeUsers(range),
      this.analytics.newUsers(range),
    ]);
    const activeBy = new Map(active.map((row) => [row.date, row.users]));
    const newBy = new Map(newUsers.map((row) => [row.date, row]));

    const fromS = Math.floor(nowMs / 1000) - days * DAY_S;
    const firstUtc = Math.floor(fromS / DAY_S);
    const views = await this.repo.viewsPerDayAndKind(firstUtc);
    const reads = Array.from({ length: days }, (_, i) => {
      const utcDay = Math.floor(nowMs / 1000 / DAY_S) - days + 1 + i;
      const row: Record<string, number | string> = { date: dayToDate(utcDay) };
      for (const [type, kind] of KINDS.entries())
        row[kind] = views.find((v) => v.day === utcDay && v.type === type)?.views ?? 0;
      return row;
    });

    const payments = await this.repo.payments(fromS);
    const revenueBy = new Map<string, number>();
    for (const paid of payments.paid) {
      const date = dayToDate(localDay(paid.time * 1000));
      revenueBy.set(date, (revenueBy.get(date) ?? 0) + paid.fen);
    }
    for (const refund of payments.refunded) {
      const date = dayToDate(localDay(refund.time * 1000));
      revenueBy.set(date, (revenueBy.get(date) ?? 0) - refund.fen);
    }

    const series = dates.map((date) => ({
      date,
      active: activeBy.get(date) ?? 0,
      newUsers: newBy.get(date)?.first_seen ?? 0,
      registered: newBy.get(date)?.registered ?? 0,
      revenueFen: revenueBy.get(date) ?? 0,
    }));
    const last = series[series.length - 1]!;
    const jobs = (await this.imports.list())
      .filter((job) => job.state === 'running' || job.state === 'queued')
      .map((job) => ({
        kind: 'import' as const,
        id: job.id,
        label: job.root,
        state: job.state,
        done: job.progress?.done ?? 0,
        total: job.progress?.total ?? 0,
      }));
    const transcodes = await this.repo.transcodeCounts();
    return {
      today: {
        active: last.active,
        newUsers: last.newUsers,
        revenueFen: last.revenueFen,
        ...(await this.community.counts()),
        unansweredFeedback: await this.repo.unansweredFeedback(),
      },
      series,
      reads,
      topWorks: await this.repo.topWorks(Math.floor(nowMs / 1000 / DAY_S) - 6, 10),
      jobs,
      transcodes: {
        waiting: transcodes['waiting'] ?? 0,
        processing: transcodes['processing'] ?? 0,
        failed: transcodes['failed'] ?? 0,
      },
    };
  }
}
