/**
 * Growth section (so far: the update config of spec §3). The app reads `/v3/app/update` from the
 * `settings` rows `update.<field>` (UpdateConfigService); the console writes the fields it was
 * given, each validated by the same schemas the reader uses, with one audit row, and drops the
 * reader's cache after the commit so the next launch sees the change.
 */
import type { UpdateConfig } from '@dm51/shared';
import { nowSeconds, type Database } from '../../db/database.js';
import { SettingsRepository } from '../../repositories/settings.repository.js';
import {
  DEFAULT_UPDATE_CONFIG,
  UPDATE_SETTING_PREFIX,
  type UpdateConfigService,
} from '../../services/update-config.service.js';
import type { Audit } from '../admin-route.js';

export class GrowthService {
  constructor(private readonly updateConfig: UpdateConfigService) {}

  /** What the operator stored (notes unsanitised, as typed), over the defaults. */
  async readUpdateConfig(db: Database): Promise<UpdateConfig> {
    const fields = Object.keys(DEFAULT_UPDATE_CONFIG) as (keyof UpdateConfig)[];
    const stored = await new SettingsRepository(db).getMany(fields.map((f) => UPDATE_SETTING_PREFIX + f));
    const value = { ...DEFAULT_UPDATE_CONFIG };
    for (const field of fields) {
      const raw = stored.get(UPDATE_SETTING_PREFIX + field);
      if (raw !== undefined) {
        try {
          Object.assign(value, { [field]: JSON.parse(raw) as unknown });
        } catch {
          // A broken row reads as its default, as the app reads it.
        }
      }
    }
    return value;
  }

  async saveUpdateConfig(trx: Database, audit: Audit, changes: Partial<UpdateConfig>) {
    const before = await this.readUpdateConfig(trx);
    const settings = new SettingsRepository(trx);
    const time = nowSeconds();
    for (const [field, value] of Object.entries(changes))
      if (value !== undefined) await settings.set(UPDATE_SETTING_PREFIX + field, JSON.stringify(value), time);
    const after = await this.readUpdateConfig(trx);
    await audit({ action: 'update_config.update', targetType: 'setting', targetId: 'update', before, after });
    return after;
  }

  updateConfigChanged(): void {
    this.updateConfig.invalidate();
  }
}
