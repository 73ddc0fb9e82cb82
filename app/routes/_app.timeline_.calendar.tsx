import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { calendarFromForm, formFromCalendar, type CalendarFormFields } from '../../contract/calendar/text-form';
import { PageHeader } from '~/components/page-header';
import { failureMessage, statusOf } from '~/lib/auth-actions.server';
import { formFields } from '~/lib/form-data';
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
  const user = requireUser(context, request);
  const { db } = context.services;
  const url = new URL(request.url);
  const campaigns = (await context.domain.campaigns.listCampaigns(db, user.id)).map(({ id, name }) => ({ id, name }));
  const selected = campaigns.find((campaign) => campaign.id === url.searchParams.get('campaign')) ?? campaigns[0] ?? null;
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

/** Define, import (a Fantasy-Calendar.com file) or return to the Gregorian calendar: one action, with or without JavaScript. */
export async function action({ context, request }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const { db } = context.services;
  const { calendars } = context.domain;
  const form = await request.formData();
  const fields = formFields(form);
  const campaignId = fields.campaign ?? '';
  const intent = fields.intent;
  const done = (what: string) => redirect(`/timeline/calendar?campaign=${encodeURIComponent(campaignId)}&saved=${what}`);
  try {
    if (intent === 'gregorian') {
      await calendars.setCalendar(db, user.id, campaignId, null);
      return done('gregorian');
    }
    if (intent === 'import') {
      const file = form.get('file');
      if (!(file instanceof File) || file.size === 0)
        return data({ intent, error: 'Choose a Fantasy-Calendar.com JSON file to import', values: null }, { status: 400 });
      if (file.size > calendars.IMPORT_MAX_BYTES) return data({ intent, error: 'The calendar file is too large (2 MB at most)', values: null }, { status: 413 });
      await calendars.importCalendar(db, user.id, campaignId, calendars.parseCalendarFile(await file.text()));
      return done('imported');
    }
    const parsed = calendarFromForm(fields);
    if ('problem' in parsed) return data({ intent: 'define', error: parsed.problem, values: fields }, { status: 400 });
    await calendars.setCalendar(db, user.id, campaignId, parsed.definition);
    return done('defined');
  } catch (error) {
    return data(
      {
        intent: intent ?? 'define',
        error: failureMessage(context, error) ?? 'The calendar could not be saved. Please try again.',
        values: intent === 'import' ? null : fields,
      },
      { status: statusOf(context, error) },
    );
  }
}

const SAVED: Record<string, string> = {
  defined: 'Calendar saved. Every event stays on its day.',
  imported: 'Calendar imported. Every event stays on its day.',
  gregorian: 'The campaign uses the Gregorian calendar again.',
};

export default function CalendarPage() {
  const { campaigns, campaignId, calendar, form, saved } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const values = { ...form, ...(failure?.values ?? {}) } as CalendarFormFields;

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
    <main className="page timeline-page">
      <PageHeader title="Campaign Calendar" subtitle="The calendar your world counts its days in. Events keep their day whatever the calendar.">
        <Link to={`/timeline?campaign=${campaignId}`} className="button secondary">
          Back to the timeline
        </Link>
      </PageHeader>

      <Form method="get" className="card tl-controls" aria-label="Campaign">
        <div className="tl-control">
          <label htmlFor="cal-campaign">Campaign</label>
          <select id="cal-campaign" name="campaign" defaultValue={campaignId}>
            {campaigns.map((campaign) => (
              <option key={campaign.id} value={campaign.id}>
                {campaign.name}
              </option>
            ))}
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
      {failure && (
        <p className="notice error tl-notice" role="alert">
          {failure.error}
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
              <button type="submit" name="intent" value="gregorian" className="button secondary" disabled={Boolean(busy)}>
                {busy === 'gregorian' ? 'Switching…' : 'Use the Gregorian calendar'}
              </button>
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
            <button type="submit" name="intent" value="import" className="button primary" disabled={Boolean(busy)}>
              {busy === 'import' ? 'Importing…' : 'Import calendar'}
            </button>
          </div>
        </Form>
      </section>

      <section className="card" aria-labelledby="cal-define">
        <h2 id="cal-define">{definition ? 'Edit the calendar' : 'Define a calendar'}</h2>
        <Form method="post" className="stack cal-form" key={`${calendar.name}-${saved ?? ''}`}>
          <input type="hidden" name="campaign" value={campaignId} />
          <label>
            Name
            <input name="name" defaultValue={values.name} required maxLength={100} autoComplete="off" />
          </label>
          <label>
            Months, one a line: name, days (add “festival” for days outside the months)
            <textarea name="months" rows={8} defaultValue={values.months} placeholder={'Hammer, 30\nMidwinter, 1, festival\nAlturiak, 30'} required />
          </label>
          <label>
            Weekdays, in order, comma-separated
            <input name="weekdays" defaultValue={values.weekdays} placeholder="First-day, Second-day, Third-day" required autoComplete="off" />
          </label>
          <div className="tl-field-pair">
            <label>
              Weekday of year 1’s first day
              <input name="first_weekday" defaultValue={values.first_weekday} placeholder="(the first weekday)" autoComplete="off" />
            </label>
            <label>
              Year 1 begins on (Gregorian date)
              <input name="year_one" defaultValue={values.year_one} placeholder="0001-01-01" autoComplete="off" />
            </label>
          </div>
          <label className="tl-check">
            <input type="checkbox" name="week_resets" defaultChecked={values.week_resets === 'on'} />
            <span>Each month starts the week over</span>
          </label>
          <label className="tl-check">
            <input type="checkbox" name="no_year_zero" defaultChecked={values.no_year_zero === 'on'} />
            <span>No year 0 (year -1 is followed by year 1)</span>
          </label>
          <label>
            Leap days, one a line: name, month, every N, except M, offset K (add “festival” for a day read by its own name, and “after day D” to place it inside its
            month)
            <textarea name="leap_days" rows={2} defaultValue={values.leap_days} placeholder="Shieldmeet, Midsummer, every 4" />
          </label>
          <label>
            Eras, one a line: name, abbreviation, start year (add “continues” when the count runs on)
            <textarea name="eras" rows={2} defaultValue={values.eras} placeholder="Dale Reckoning, DR, 1" />
          </label>
          <label>
            Moons, one a line: name, cycle in days, shift N, phases 4 or 8
            <textarea name="moons" rows={2} defaultValue={values.moons} placeholder="Selûne, 30.4375, shift 0, phases 8" />
          </label>
          <div className="row">
            <button type="submit" name="intent" value="define" className="button primary" disabled={Boolean(busy)}>
              {busy === 'define' ? 'Saving…' : 'Save calendar'}
            </button>
          </div>
        </Form>
      </section>
    </main>
  );
}
