import type { apiTokenFieldsSchema } from '../../contract/api-tokens';
import type { calendarFormSchema } from '../../contract/calendar/form-schema';
import type { loginSchema, passwordChangeFormSchema, passwordResetFormSchema, registrationFormSchema, registrationSchema } from '../../contract/account-forms';
import type { documentChatSchema } from '../../contract/chat-forms';
import type { campaignFieldsSchema } from '../../contract/campaigns';
import type { contentRequestSchema, contentRevisionSchema, contentSaveSchema } from '../../contract/content-forms';
import type { sessionFieldsSchema } from '../../contract/sessions';
import type { inviteCodeSchema, inviteCreateSchema, noteFieldsSchema } from '../../contract/seat-forms';
import type { acceptProposalFormSchema, eventFormSchema } from '../../contract/timeline-forms';
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

export const documentQuestionForm: LazySchema<typeof documentChatSchema> = {
  load: () => import('../../contract/chat-forms').then((module) => module.documentChatSchema),
  constraint: { query: { required: true }, conversation_id: { required: false } },
};

const accountForms = () => import('../../contract/account-forms');

export const loginForm: LazySchema<typeof loginSchema> = {
  load: () => accountForms().then((module) => module.loginSchema),
  constraint: { username: { required: true }, password: { required: true } },
};

const registration = { username: { required: true }, email: { required: true }, password: { required: true }, registration_code: { required: true } };

/** The Request Access form of /login. */
export const requestAccessForm: LazySchema<typeof registrationSchema> = {
  load: () => accountForms().then((module) => module.registrationSchema),
  constraint: registration,
};

/** /register's form and the invite page's: the password typed twice. */
export const registerForm: LazySchema<typeof registrationFormSchema> = {
  load: () => accountForms().then((module) => module.registrationFormSchema),
  constraint: { ...registration, confirmPassword: { required: true } },
};

/** The intent of the Change password and Set a new password forms (each page has one). */
export const PASSWORD_INTENT = 'set-password';

export const passwordChangeForm: LazySchema<typeof passwordChangeFormSchema> = {
  load: () => accountForms().then((module) => module.passwordChangeFormSchema),
  constraint: { current_password: { required: true }, new_password: { required: true }, confirm_password: { required: true } },
};

export const passwordResetForm: LazySchema<typeof passwordResetFormSchema> = {
  load: () => accountForms().then((module) => module.passwordResetFormSchema),
  constraint: { new_password: { required: true }, confirm_password: { required: true } },
};

export const inviteCodeForm: LazySchema<typeof inviteCodeSchema> = {
  load: () => import('../../contract/seat-forms').then((module) => module.inviteCodeSchema),
  constraint: { code: { required: true } },
};

export const calendarForm: LazySchema<typeof calendarFormSchema> = {
  load: () => import('../../contract/calendar/form-schema').then((module) => module.calendarFormSchema),
  constraint: {
    name: { required: false },
    months: { required: false },
    weekdays: { required: false },
    first_weekday: { required: false },
    week_resets: { required: false },
    no_year_zero: { required: false },
    leap_days: { required: false },
    eras: { required: false },
    moons: { required: false },
    year_one: { required: false },
  },
};

const timelineForms = () => import('../../contract/timeline-forms');

// Conform reads a field that takes text or a list (participants, tags; player_visible's
// boolean-or-"on") as required, and a list's entries as fields of their own ("participants[]"):
// those inputs are drawn without `required`.
const eventConstraint = {
  title: { required: true },
  date: { required: false },
  event_type: { required: true },
  description: { required: false },
  location: { required: false },
  participants: { required: true },
  'participants[]': { required: false },
  tags: { required: true },
  'tags[]': { required: false },
  linked_documents: { required: false, multiple: true },
  'linked_documents[]': { required: true },
  player_visible: { required: true },
};

/** The timeline's event form: the modal and its no-JavaScript panel. */
export const eventForm: LazySchema<typeof eventFormSchema> = {
  load: () => timelineForms().then((module) => module.eventFormSchema),
  constraint: eventConstraint,
};

const proposalConstraint = {
  title: { required: true },
  date: { required: false },
  event_type: { required: false },
  location: { required: false },
  participants: { required: true },
  'participants[]': { required: false },
  description: { required: false },
  player_visible: { required: true },
  merge_into: { required: false },
};

/** A proposal's card on the proposals page (one form per proposal). */
export const acceptProposalForm: LazySchema<typeof acceptProposalFormSchema> = {
  load: () => timelineForms().then((module) => module.acceptProposalFormSchema),
  constraint: proposalConstraint,
};
