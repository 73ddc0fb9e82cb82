import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { calendarFromForm, formFromCalendar, type CalendarFormFields } from '../../contract/calendar/text-form';
import { calendarFormSchema } from '../../contract/calendar/form-schema';
import { CampaignOptions } from '~/components/campaign-options';
import { PageHeader } from '~/components/page-header';
import { TimelineSubpage } from '~/components/timeline/page/timeline-subpage';
import { failureMessage, statusOf } from '~/lib/auth-actions.server';
import { FieldError, FormError } from '~/components/field-error';
import { readFormOrEmpty } from '~/lib/form-data';
import { parseForm } from '~/lib/form-parse';
import { calendarForm } from '~/lib/form-schemas';
import { type FormReply, getFormProps, getInputProps, getTextareaProps, useSchemaForm } from '~/lib/forms';
import { ownCampaignPicked } from '~/lib/seats.server';
import { requireUser } from '~/lib/session.server';
import timelineStylesHref from '~/styles/timeline.css?url';

export const meta: MetaFunction = () => [{ title: 'Campaign Calendar · Tomekeeper' }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: timelineStylesHref }];

const EMPTY_FORM: CalendarFormFields = {
  name: '',
  months: '',
  weekdays: '',
  first_weekday: '',
  week_resets: '',
  leap_days: '',
  eras: '',
  moons: '',
  year_one: '0001-01-01',
};

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { user, url, campaigns, selected } = await ownCampaignPicked(context, request);
  const { db } = context.services;
  if (!selected) return { campaigns, campaignId: null, calendar: null, form: EMPTY_FORM, saved: null };
  const calendar = await context.domain.calendars.getCalendar(db, user.id, selected.id);
  return {
    campaigns,
    campaignId: selected.id,
    calendar,
    form: calendar.definition ? formFromCalendar(calendar.definition) : EMPTY_FORM,
    saved: url.searchParams.get('saved'),
  };
}

const DEFINE = 'define';

/** Define, import (a Fantasy-Calendar.com file) or return to the Gregorian calendar: one action, with or without JavaScript. */
export async function action({ context, request }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const { db } = context.services;
  const { calendars } = context.domain;
  const form = await readFormOrEmpty(request);
  const campaignId = String(form.get('campaign') ?? '');
  const intent = String(form.get('intent') ?? 'define');
  const done = (what: string) => redirect(`/timeline/calendar?campaign=${encodeURIComponent(campaignId)}&saved=${what}`);
  const refused = (message: string, status: number) => data<FormReply>({ intent, result: { status: 'error', error: { '': [message] } } }, { status });
  try {
    if (intent === 'gregorian') {
      await calendars.setCalendar(db, user.id, campaignId, null);
      return done('gregorian');
    }
    if (intent === 'import') {
      const file = form.get('file');
      if (!(file instanceof File) || file.size === 0) return refused('Choose a Fantasy-Calendar.com JSON file to import', 400);
      if (file.size > calendars.IMPORT_MAX_BYTES) return refused('The calendar file is too large (2 MB at most)', 413);
      await calendars.importCalendar(db, user.id, campaignId, calendars.parseCalendarFile(await file.text()));
      return done('imported');
    }
  } catch (error) {
    return refused(failureMessage(context, error) ?? 'The calendar could not be saved. Please try again.', statusOf(context, error));
  }
  const submission = parseForm(form, calendarFormSchema);
  if (submission.status !== 'success') return data<FormReply>({ intent: DEFINE, result: submission.reply() }, { status: 400 });
  const read = calendarFromForm(submission.value);
  if ('problem' in read) return data<FormReply>({ intent: DEFINE, result: submission.reply({ formErrors: [read.problem] }) }, { status: 400 });
  try {
    await calendars.setCalendar(db, user.id, campaignId, read.definition);
    return done('defined');
  } catch (error) {
    const message = failureMessage(context, error) ?? 'The calendar could not be saved. Please try again.';
    return data<FormReply>({ intent: DEFINE, result: submission.reply({ formErrors: [message] }) }, { status: statusOf(context, error) });
  }
}

const SAVED: Record<string, string> = {
  defined: 'Calendar saved. Every event stays on its day.',
  imported: 'Calendar imported. Every event stays on its day.',
  gregorian: 'The campaign uses the Gregorian calendar again.',
};

export default function CalendarPage() {
  const { campaigns, campaignId, calendar, form: written, saved } = useLoaderData<typeof loader>();
  const answer = useActionData<FormReply>();
  // The Define form shows its own errors; the Import and Gregorian buttons' refusals show above.
  const refusal = answer && answer.intent !== DEFINE ? answer.result.error?.['']?.[0] : undefined;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;

  if (!campaignId || !calendar) {
    return (
      <main className="page timeline-page">
        <PageHeader title="Campaign Calendar" />
        <section className="card empty-state">
          <p>A calendar belongs to a campaign. Create one in the Campaign Command Center first.</p>
          <Link to="/dashboard?tab=campaigns" className="button primary">
            Go to campaigns
          </Link>
        </section>
      </main>
    );
  }
  const definition = calendar.definition;
  return (
    <TimelineSubpage
      title="Campaign Calendar"
      subtitle="The calendar your world counts its days in. Events keep their day whatever the calendar."
      campaignId={campaignId}
    >
      <Form method="get" className="card tl-controls" aria-label="Campaign">
        <div className="tl-control">
          <label htmlFor="cal-campaign">Campaign</label>
          <select id="cal-campaign" name="campaign" defaultValue={campaignId}>
            <CampaignOptions campaigns={campaigns} />
          </select>
        </div>
        <button type="submit" className="button secondary">
          Show
        </button>
      </Form>

      {saved && SAVED[saved] && (
        <p className="notice success tl-notice" role="status">
          {SAVED[saved]}
        </p>
      )}
      {refusal && (
        <p className="notice error tl-notice" role="alert">
          {refusal}
        </p>
      )}

      <section className="card cal-summary" aria-labelledby="cal-current" data-testid="calendar-summary">
        <h2 id="cal-current">{calendar.name}</h2>
        {definition ? (
          <dl>
            <dt>Months</dt>
            <dd>{definition.months.map((month) => `${month.name} (${month.length}${month.intercalary ? ', festival' : ''})`).join(' · ')}</dd>
            <dt>Week</dt>
            <dd>{definition.weekdays.join(', ')}</dd>
            <dt>Leap days</dt>
            <dd>{definition.leap_days.length ? definition.leap_days.map((leap) => leap.name).join(', ') : 'None'}</dd>
            <dt>Eras</dt>
            <dd>{definition.eras.length ? definition.eras.map((era) => `${era.name} (${era.abbreviation})`).join(', ') : 'None'}</dd>
            <dt>Moons</dt>
            <dd>{definition.moons.length ? definition.moons.map((moon) => `${moon.name} (${moon.cycle} days)`).join(', ') : 'None'}</dd>
          </dl>
        ) : (
          <p>The proleptic Gregorian calendar: ISO dates, years before 1 counted back from year 0 (1 BC).</p>
        )}
        <div className="row">
          {definition && (
            <a className="button secondary" href={`/api/campaigns/${campaignId}/calendar/export`} download>
              Export for Fantasy-Calendar.com
            </a>
          )}
          {definition && (
            <Form method="post">
              <input type="hidden" name="campaign" value={campaignId} />
              <IntentButton intent="gregorian" posting={busy} className="button secondary" label="Use the Gregorian calendar" pendingLabel="Switching…" />
            </Form>
          )}
        </div>
      </section>

      <section className="card" aria-labelledby="cal-import">
        <h2 id="cal-import">Import from Fantasy-Calendar.com</h2>
        <Form method="post" encType="multipart/form-data" className="stack">
          <input type="hidden" name="campaign" value={campaignId} />
          <label>
            Calendar file (JSON export)
            <input type="file" name="file" accept=".json,application/json" required />
          </label>
          <div className="row">
            <IntentButton intent="import" posting={busy} className="button primary" label="Import calendar" pendingLabel="Importing…" />
          </div>
        </Form>
      </section>

      <DefineForm key={`${calendar.name}-${saved ?? ''}`} campaignId={campaignId} written={written} editing={Boolean(definition)} busy={busy === DEFINE} />
    </TimelineSubpage>
  );
}

/** A button posting one of the page's intents: all are disabled while one posts, and the one posting says so. */
function IntentButton({
  intent,
  posting,
  className,
  label,
  pendingLabel,
}: {
  intent: string;
  posting: FormDataEntryValue | null | undefined;
  className: string;
  label: string;
  pendingLabel: string;
}) {
  return (
    <button type="submit" name="intent" value={intent} className={className} disabled={Boolean(posting)}>
      {posting === intent ? pendingLabel : label}
    </button>
  );
}

/** The calendar written as lines: drawn afresh (its key) after each save. */
function DefineForm({ campaignId, written, editing, busy }: { campaignId: string; written: Record<string, string>; editing: boolean; busy: boolean }) {
  const [form, fields] = useSchemaForm(DEFINE, calendarForm, { defaultValue: written, shouldValidate: 'onSubmit' });
  return (
    <section className="card" aria-labelledby="cal-define">
      <h2 id="cal-define">{editing ? 'Edit the calendar' : 'Define a calendar'}</h2>
      <Form method="post" className="stack cal-form" {...getFormProps(form)}>
        <input type="hidden" name="campaign" value={campaignId} />
        <label>
          Name
          <input {...getInputProps(fields.name, { type: 'text' })} maxLength={100} autoComplete="off" />
          <FieldError field={fields.name} />
        </label>
        <label>
          Months, one a line: name, days (add “festival” for days outside the months)
          <textarea {...getTextareaProps(fields.months)} rows={8} placeholder={'Hammer, 30\nMidwinter, 1, festival\nAlturiak, 30'} />
        </label>
        <label>
          Weekdays, in order, comma-separated
          <input {...getInputProps(fields.weekdays, { type: 'text' })} placeholder="First-day, Second-day, Third-day" autoComplete="off" />
        </label>
        <div className="tl-field-pair">
          <label>
            Weekday of year 1’s first day
            <input {...getInputProps(fields.first_weekday, { type: 'text' })} placeholder="(the first weekday)" autoComplete="off" />
          </label>
          <label>
            Year 1 begins on (Gregorian date)
            <input {...getInputProps(fields.year_one, { type: 'text' })} placeholder="0001-01-01" autoComplete="off" />
          </label>
        </div>
        <label className="tl-check">
          <input type="checkbox" name="week_resets" defaultChecked={fields.week_resets.initialValue === 'on'} />
          <span>Each month starts the week over</span>
        </label>
        <label className="tl-check">
          <input type="checkbox" name="no_year_zero" defaultChecked={fields.no_year_zero.initialValue === 'on'} />
          <span>No year 0 (year -1 is followed by year 1)</span>
        </label>
        <label>
          Leap days, one a line: name, month, every N, except M, offset K (add “festival” for a day read by its own name, and “after day D” to place it inside its
          month)
          <textarea {...getTextareaProps(fields.leap_days)} rows={2} placeholder="Shieldmeet, Midsummer, every 4" />
        </label>
        <label>
          Eras, one a line: name, abbreviation, start year (add “continues” when the count runs on)
          <textarea {...getTextareaProps(fields.eras)} rows={2} placeholder="Dale Reckoning, DR, 1" />
        </label>
        <label>
          Moons, one a line: name, cycle in days, shift N, phases 4 or 8
          <textarea {...getTextareaProps(fields.moons)} rows={2} placeholder="Selûne, 30.4375, shift 0, phases 8" />
        </label>
        <FormError form={form} />
        <div className="row">
          <button type="submit" name="intent" value="define" className="button primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save calendar'}
          </button>
        </div>
      </Form>
    </section>
  );
}
