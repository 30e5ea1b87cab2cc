/**
 * Runs OrderService.reconcile at start (onReady, after migrations) and every `intervalS` seconds:
 * fulfils orders left 'paid' by a crash, asks providers about orders whose callback never came, and
 * expires unpaid orders past their time. One run at a time; close() waits for the running one.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { OrderService, ReconcileReport } from '../services/order.service.js';

export class PaymentReconciler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<ReconcileReport | null> | null = null;

  constructor(
    private readonly orders: OrderService,
    private readonly intervalS: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The start-up pass (in the background, so a slow provider never delays listening) and the timer. */
  start(): void {
    void this.runOnce();
    if (this.intervalS > 0 && !this.timer) {
      this.timer = setInterval(() => void this.runOnce(), this.intervalS * 1000);
      this.timer.unref();
    }
  }

  /** One pass; null when a pass is running already (or it failed: logged). */
  async runOnce(now?: number): Promise<ReconcileReport | null> {
    if (this.running) return null;
    this.running = this.orders
      .reconcile(now)
      .then((report) => {
        if (report.checked > 0) this.log.info({ ...report }, 'orders reconciled');
        return report;
      })
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'reconciler pass failed');
        return null;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
