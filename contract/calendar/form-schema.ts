import * as z from 'zod/mini';
import { type CalendarFormFields, calendarFromForm } from './text-form';

/**
 * The calendar page's Define form: its lines read into a definition by `calendarFromForm`, a
 * wrong line named as the form's error. The definition's own rules (a month of at least one day,
 * a named calendar) are the domain's, as for PUT /api/campaigns/:id/calendar. zod/mini, as every
 * form schema (ADR 0247).
 */
const text = z._default(z.optional(z.string()), '');

export const calendarFormSchema = z
  .object({
    name: text,
    months: text,
    weekdays: text,
    first_weekday: text,
    week_resets: text,
    no_year_zero: text,
    leap_days: text,
    eras: text,
    moons: text,
    year_one: text,
  })
  .check(
    z.superRefine((fields: CalendarFormFields, context) => {
      const read = calendarFromForm(fields);
      if ('problem' in read) context.issues.push({ code: 'custom', message: read.problem, input: fields, path: [] });
    }),
  );
