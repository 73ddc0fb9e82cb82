import type { apiTokenFieldsSchema } from '../../contract/api-tokens';
import type { campaignFieldsSchema } from '../../contract/campaigns';
import type { contentRequestSchema, contentRevisionSchema, contentSaveSchema } from '../../contract/content-forms';
import type { sessionFieldsSchema } from '../../contract/sessions';
import type { inviteCreateSchema, noteFieldsSchema } from '../../contract/seat-forms';
import type { tomeFieldsSchema } from '../../contract/tome-fields';
import type { LazySchema } from './forms';

/**
 * The schemas of the forms the browser checks, each loaded on first use (see forms.ts), with the
 * constraints the page renders before that. The constraints are getZodConstraint(schema), written
 * out so the page needs no zod to render them; form-schemas.test.ts keeps them equal.
 */
const contentSession = {
  campaign_id: { required: true },
  content_type: { required: true, pattern: 'character|location|mission|lore' },
  character_format: { required: false, pattern: 'narrative|stats' },
  primary_dataset_id: { required: true },
};

export const campaignForm: LazySchema<typeof campaignFieldsSchema> = {
  load: () => import('../../contract/campaigns').then((module) => module.campaignFieldsSchema),
  constraint: { name: { required: true }, description: { required: false } },
};

export const tomeForm: LazySchema<typeof tomeFieldsSchema> = {
  load: () => import('../../contract/tome-fields').then((module) => module.tomeFieldsSchema),
  constraint: { name: { required: true }, description: { required: false } },
};

export const contentRequestForm: LazySchema<typeof contentRequestSchema> = {
  load: () => import('../../contract/content-forms').then((module) => module.contentRequestSchema),
  constraint: { ...contentSession, prompt: { required: true } },
};

export const contentRevisionForm: LazySchema<typeof contentRevisionSchema> = {
  load: () => import('../../contract/content-forms').then((module) => module.contentRevisionSchema),
  constraint: { ...contentSession, conversation_id: { required: true }, prompt: { required: true } },
};

export const contentSaveForm: LazySchema<typeof contentSaveSchema> = {
  load: () => import('../../contract/content-forms').then((module) => module.contentSaveSchema),
  constraint: { ...contentSession, conversation_id: { required: true }, dataset_id: { required: true }, filename: { required: true } },
};

export const sessionForm: LazySchema<typeof sessionFieldsSchema> = {
  load: () => import('../../contract/sessions').then((module) => module.sessionFieldsSchema),
  constraint: {
    number: { required: false },
    title: { required: true },
    played_on: { required: false },
    world_start: { required: false },
    world_end: { required: false },
    notes: { required: false },
    // Conform's reading of the optional boolean-or-"on" union; the checkbox is drawn without it.
    player_visible: { required: true },
  },
};

export const noteForm: LazySchema<typeof noteFieldsSchema> = {
  load: () => import('../../contract/seat-forms').then((module) => module.noteFieldsSchema),
  constraint: { title: { required: true }, body: { required: false } },
};

export const apiTokenForm: LazySchema<typeof apiTokenFieldsSchema> = {
  load: () => import('../../contract/api-tokens').then((module) => module.apiTokenFieldsSchema),
  // A <select> always sends a value, so "required" costs nothing there.
  constraint: { name: { required: true }, expires_in_days: { required: true } },
};

export const inviteForm: LazySchema<typeof inviteCreateSchema> = {
  load: () => import('../../contract/seat-forms').then((module) => module.inviteCreateSchema),
  constraint: { uses: { required: false }, expires_in_days: { required: true }, note: { required: false } },
};
