import type { Kysely } from 'kysely';
import { DEFAULT_SETTINGS, LAYOUTS, parseMinStrength, type ConceptMapSettings } from '../../../contract/concept-map';
import { settingsInputSchema, type SettingsInput } from '../../../contract/api/concept-map';
import type { DB } from '../../db/schema';
import { requireOwnedCampaign } from '../ownership';

export { settingsInputSchema, type SettingsInput } from '../../../contract/api/concept-map';

/** Saved settings read leniently: anything missing or out of range falls back to its default. */
export function readSettings(stored: unknown): ConceptMapSettings {
  const value = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  return {
    show_labels: typeof value.show_labels === 'boolean' ? value.show_labels : DEFAULT_SETTINGS.show_labels,
    min_strength: parseMinStrength(value.min_strength) ?? DEFAULT_SETTINGS.min_strength,
    layout: (LAYOUTS as readonly unknown[]).includes(value.layout) ? (value.layout as ConceptMapSettings['layout']) : DEFAULT_SETTINGS.layout,
  };
}

export async function getSettings(db: Kysely<DB>, userId: string, campaignId: string): Promise<ConceptMapSettings> {
  await requireOwnedCampaign(db, userId, campaignId);
  const row = await db.selectFrom('concept_maps').select('settings').where('campaign_id', '=', campaignId).executeTakeFirst();
  return readSettings(row?.settings);
}

/** Saves the map's view settings for the campaign (before any map exists, too). */
export async function updateSettings(db: Kysely<DB>, userId: string, campaignId: string, input: SettingsInput): Promise<ConceptMapSettings> {
  const changes = settingsInputSchema.parse(input ?? {});
  await requireOwnedCampaign(db, userId, campaignId);
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('concept_maps').select('settings').where('campaign_id', '=', campaignId).forUpdate().executeTakeFirst();
    const current = readSettings(row?.settings);
    const next: ConceptMapSettings = {
      show_labels: changes.show_labels ?? current.show_labels,
      min_strength: changes.min_strength ?? current.min_strength,
      layout: changes.layout ?? current.layout,
    };
    await trx
      .insertInto('concept_maps')
      .values({ campaign_id: campaignId, user_id: userId, settings: JSON.stringify(next) })
      .onConflict((oc) => oc.column('campaign_id').doUpdateSet({ settings: JSON.stringify(next) }))
      .execute();
    return next;
  });
}
