import { describe, expect, it } from 'vitest';
import { MAX_STEP_S, ReadingMeter } from './reading-meter';

describe('ReadingMeter', () => {
  it('counts visible, active time and hands out whole seconds', () => {
    const meter = new ReadingMeter(0, 120_000);
    meter.tick(5_000, true);
    meter.tick(10_500, true);
    expect(meter.take()).toBe(10);
    meter.tick(11_000, true);
    expect(meter.take()).toBe(1); // the kept half second and this one
    expect(meter.total).toBe(11);
  });

  it('stops counting once the reader has been idle for idleMs', () => {
    const meter = new ReadingMeter(0, 20_000);
    for (let t = 5_000; t <= 60_000; t += 5_000) meter.tick(t, true);
    expect(meter.take()).toBe(15); // ticks at 5, 10 and 15 s; from 20 s on the reader is idle
    meter.active(60_000);
    meter.tick(65_000, true);
    expect(meter.take()).toBe(5);
  });

  it('never counts a hidden page, nor a long gap between ticks', () => {
    const meter = new ReadingMeter(0, 120_000);
    meter.tick(5_000, false);
    expect(meter.take()).toBe(0);
    meter.resume(50_000);
    meter.active(50_000);
    meter.tick(55_000, true);
    expect(meter.take()).toBe(5);
    meter.tick(115_000, true); // a throttled timer, a minute late
    expect(meter.take()).toBe(MAX_STEP_S);
  });
});
