import type { Kysely } from 'kysely';
import type { AdminSettings } from '../../../../common/admin-api.js';
import type { DB } from '../../../db/schema.js';

/** Every setting with its value when no admin has changed it. */
export const defaultSettings: AdminSettings = {
  totp_required_for_admins: false,
  facts_stale_days: 365,
  overpass_url: null,
};

/** The admins' settings: the stored values over the defaults. */
export async function readSettings(db: Kysely<DB>): Promise<AdminSettings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return {
    totp_required_for_admins:
      typeof stored.totp_required_for_admins === 'boolean'
        ? stored.totp_required_for_admins
        : defaultSettings.totp_required_for_admins,
    facts_stale_days:
      typeof stored.facts_stale_days === 'number'
        ? stored.facts_stale_days
        : defaultSettings.facts_stale_days,
    overpass_url: typeof stored.overpass_url === 'string' ? stored.overpass_url : null,
  };
}

export async function writeSettings(db: Kysely<DB>, changes: Partial<AdminSettings>): Promise<AdminSettings> {
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    const json = JSON.stringify(value);
    await db
      .insertInto('settings')
      .values({ key, value: json })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
      .execute();
  }
  return readSettings(db);
}
