import { readJson, STORAGE_KEYS, writeJson } from './storage';

interface Stats {
  deviceid?: string;
}

/** Timestamp plus a random number (spec §3); unique enough per device, and stable once stored. */
export function newDeviceId(now = Date.now(), random = Math.random()): string {
  return `${now}${Math.floor(random * 1_000_000)
    .toString()
    .padStart(6, '0')}`;
}

export function getDeviceId(): string {
  const stats = readJson<Stats>(STORAGE_KEYS.stats) ?? {};
  if (typeof stats.deviceid === 'string' && stats.deviceid) return stats.deviceid;
  const deviceid = newDeviceId();
  writeJson(STORAGE_KEYS.stats, { ...stats, deviceid });
  return deviceid;
}
