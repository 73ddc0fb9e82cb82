import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarOf } from '../../../contract/calendar';
import { dayNumber } from '../../../contract/timeline-dates';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';
import { parseCalendarFile } from './calendar';

const fixture = (name: string) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/fantasy-calendar', name), 'utf8')) as Record<string, any>;

describe('campaign calendars over /api', () => {
  let t: TestApp;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };
  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signUp();
    bob = await t.signUp();
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });

  async function campaignOf(token: string, name = 'The Ember Crown') {
    const response = await call(token, 'POST', '/api/campaigns', { name });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  }

  it('starts Gregorian, and an imported Harptos calendar rereads the same days', async () => {
    const campaign = await campaignOf(alice.token);
    expect((await call(alice.token, 'GET', `/api/campaigns/${campaign}/calendar`)).json()).toEqual({
      kind: 'gregorian',
      name: 'Gregorian (proleptic)',
      definition: null,
      imported: false,
    });
    const created = await call(alice.token, 'POST', `/api/campaigns/${campaign}/timeline/events`, {
      title: 'The party reaches Greywater',
      date: '1492-10-12',
      event_type: 'player_party',
    });
    expect(created.json()).toMatchObject({ date: '1492-10-12', day: dayNumber({ year: 1492, month: 10, day: 12 }), date_label: '12 October 1492' });

    const imported = await call(alice.token, 'POST', `/api/campaigns/${campaign}/calendar/import`, fixture('harptos.json'));
    expect(imported.statusCode).toBe(200);
    const definition = imported.json().definition;
    expect(imported.json()).toMatchObject({ kind: 'custom', name: 'Calendar of Harptos', imported: true });
    expect(definition.months).toHaveLength(17);
    expect(definition.months.filter((month: { intercalary?: boolean }) => month.intercalary).map((month: { name: string }) => month.name)).toEqual([
      'Midwinter',
      'Greengrass',
      'Midsummer',
      'Highharvestide',
      'The Feast of the Moon',
    ]);
    expect(definition.leap_days).toEqual([{ name: 'Shieldmeet', month: 9, rules: [{ every: 4, leap: true }], offset: 0, intercalary: true }]);
    expect(definition.weekdays).toHaveLength(10);
    expect(definition.week_resets_each_month).toBe(true);
    expect(definition.moons).toEqual([{ name: 'Selûne', cycle: 30.4375, shift: 13.9, phases: 8 }]);
    expect(definition.eras).toEqual([{ name: 'Dale Reckoning', abbreviation: 'DR', start_year: 1, restart: false }]);

    // The event kept its day; it now reads in Harptos.
    const [event] = (await call(alice.token, 'GET', `/api/campaigns/${campaign}/timeline`)).json().events;
    expect(event.day).toBe(created.json().day);
    expect(event.date).toMatch(/^1492-\d{2}-\d{2}$/);
    expect(event.date_label).toMatch(/1492 DR$/);

    // Dates are accepted in the calendar, festivals included, and as a day number.
    const midwinter = await call(alice.token, 'POST', `/api/campaigns/${campaign}/timeline/events`, {
      title: 'Midwinter feast',
      date: '1492-02-01',
      event_type: 'world_event',
    });
    expect(midwinter.json()).toMatchObject({ date: '1492-02-01', date_label: 'Midwinter, 1492 DR' });
    const byDay = await call(alice.token, 'POST', `/api/campaigns/${campaign}/timeline/events`, {
      title: 'The day after',
      day: midwinter.json().day + 1,
      event_type: 'world_event',
    });
    expect(byDay.json()).toMatchObject({ date: '1492-03-01', date_label: '1 Alturiak 1492 DR' });
    const shieldmeet = await call(alice.token, 'POST', `/api/campaigns/${campaign}/timeline/events`, {
      title: 'Shieldmeet',
      date: '1492-10-02',
      event_type: 'world_event',
    });
    expect(shieldmeet.json().date_label).toBe('Shieldmeet, 1492 DR');
    for (const [body, message] of [
      [{ date: '1491-10-02' }, 'No such date: Midsummer 1491 DR has 1 day'],
      [{ date: '1492-18-01' }, 'The month of a date runs from 1 to 17 in Calendar of Harptos'],
      [{ date: '12 Ches 1492' }, /YEAR-MONTH-DAY/],
      [{ date: '1492-02-01', day: 0 }, /are different days/],
      [{}, 'Date is required'],
    ] as const) {
      const refused = await call(alice.token, 'POST', `/api/campaigns/${campaign}/timeline/events`, { title: 'x', event_type: 'battle', ...body });
      expect(refused.statusCode).toBe(400);
      if (typeof message === 'string') expect(refused.json().error).toBe(message);
      else expect(refused.json().error).toMatch(message);
    }

    // Back to the Gregorian calendar: still the same days.
    const reset = await call(alice.token, 'PUT', `/api/campaigns/${campaign}/calendar`, { definition: null });
    expect(reset.json().kind).toBe('gregorian');
    const events = (await call(alice.token, 'GET', `/api/campaigns/${campaign}/timeline`)).json().events;
    expect(events.find((e: { title: string }) => e.title === 'The party reaches Greywater').date).toBe('1492-10-12');
  });

  it('refuses a valid export carrying a field nested thousands deep, or a NUL deep down, with a 400 before the database', async () => {
    const campaign = await campaignOf(alice.token, 'Deep');
    const nested = (depth: number, leaf: unknown) => `${'{"a":'.repeat(depth)}${JSON.stringify(leaf)}${'}'.repeat(depth)}`;
    const body = (extra: string) => JSON.stringify(fixture('harptos.json')).replace(/}$/, `,"extra":${extra}}`);
    for (const extra of [nested(5_000, 1), nested(260, 'nul \u0000 here'), `${'['.repeat(3_000)}${']'.repeat(3_000)}`]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/campaigns/${campaign}/calendar/import`,
        headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
        payload: body(extra),
      });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
      expect(response.json().error).toMatch(/levels deep|NUL/);
    }
    // The file a page uploads passes the same check.
    expect(() => parseCalendarFile(body(nested(5_000, 1)))).toThrow(/levels deep/);
    expect(() => parseCalendarFile(body(nested(10, 'nul \u0000 here')))).toThrow(/NUL/);
  });

  it('reads exports of different shapes', async () => {
    const campaign = await campaignOf(alice.token, 'Shapes');
    const importOf = async (name: string) => {
      const response = await call(alice.token, 'POST', `/api/campaigns/${campaign}/calendar/import`, fixture(name));
      expect(response.statusCode, response.body).toBe(200);
      return response.json().definition;
    };

    // Fantasy-Calendar's Earth preset lines up with the Gregorian days, weekdays and leap years.
    const earth = await importOf('earth.json');
    expect(earth.leap_days[0].rules).toEqual([
      { every: 400, leap: true },
      { every: 100, leap: false },
      { every: 4, leap: true },
    ]);
    expect(earth.eras.map((era: { start_year: number }) => era.start_year)).toEqual([-8999, 1]);
    expect(earth.moons[0].phases).toBe(32);
    const landing = await call(alice.token, 'POST', `/api/campaigns/${campaign}/timeline/events`, {
      title: 'Moon landing',
      date: '1969-07-20',
      event_type: 'world_event',
    });
    expect(landing.json()).toMatchObject({ day: dayNumber({ year: 1969, month: 7, day: 20 }), date_label: '20 July 1969 A.D.' });
    expect(
      (await call(alice.token, 'POST', `/api/campaigns/${campaign}/timeline/events`, { title: 'x', event_type: 'battle', date: '1900-02-29' })).json().error,
    ).toBe('No such date: February 1900 A.D. has 28 days');

    const eberron = await importOf('eberron.json');
    expect(eberron.months.every((month: { length: number }) => month.length === 28)).toBe(true);
    expect(eberron.moons).toHaveLength(12);
    expect(eberron.eras[0]).toEqual({ name: 'Kingdom of Galifar', abbreviation: 'YK', start_year: 1, restart: true });

    const minimal = await importOf('taldorei-minimal.json');
    expect(minimal.months).toHaveLength(11);
    expect(minimal).toMatchObject({ first_weekday: 2, leap_days: [], eras: [], moons: [], week_resets_each_month: false });
  });

  it('exports what it imported: a round trip keeps what the format carries', async () => {
    const campaign = await campaignOf(alice.token, 'Round trip');
    for (const name of ['harptos.json', 'earth.json', 'eberron.json', 'taldorei-minimal.json', 'vale-mid-month.json']) {
      const original = fixture(name);
      const first = await call(alice.token, 'POST', `/api/campaigns/${campaign}/calendar/import`, original);
      expect(first.statusCode).toBe(200);
      const exported = await call(alice.token, 'GET', `/api/campaigns/${campaign}/calendar/export`);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="?.+\.json"?$/);
      const document = exported.json();
      // What we do not model travels untouched.
      for (const key of ['clock', 'seasons', 'cycles', 'event_data']) expect(document.static_data[key]).toEqual(original.static_data[key]);
      expect(document.dynamic_data).toEqual(original.dynamic_data);
      // What we model is written back as it came.
      const spans = original.static_data.year_data.timespans.map((span: Record<string, unknown>) => ({ name: span.name, type: span.type, length: span.length }));
      expect(document.static_data.year_data.timespans.map((span: Record<string, unknown>) => ({ name: span.name, type: span.type, length: span.length }))).toEqual(
        spans,
      );
      expect(document.static_data.year_data.global_week).toEqual(original.static_data.year_data.global_week);
      expect(document.static_data.year_data.leap_days ?? []).toEqual(original.static_data.year_data.leap_days ?? []);
      expect(document.static_data.eras ?? []).toEqual(original.static_data.eras ?? []);
      expect(document.static_data.moons ?? []).toEqual(original.static_data.moons ?? []);
      // And reads back to the same definition.
      const again = await call(alice.token, 'POST', `/api/campaigns/${campaign}/calendar/import`, document);
      expect(again.json().definition).toEqual(first.json().definition);
    }
  });

  it('defines a calendar by hand and exports it for Fantasy-Calendar.com', async () => {
    const campaign = await campaignOf(alice.token, 'Hand made');
    const definition = {
      name: 'Reckoning of the Vale',
      months: [
        { name: 'Thaw', length: 40 },
        { name: 'Bloom', length: 40 },
        { name: 'Lanternfest', length: 3, intercalary: true },
        { name: 'Ember', length: 40 },
        { name: 'Frost', length: 40 },
      ],
      weekdays: ['Oneday', 'Twoday', 'Threeday', 'Fourday', 'Fiveday'],
      first_weekday: 0,
      week_resets_each_month: false,
      leap_days: [
        {
          name: 'Founders Day',
          month: 4,
          rules: [
            { every: 10, leap: true },
            { every: 100, leap: false },
          ],
          offset: 0,
        },
        { name: 'Emberwake', month: 3, rules: [{ every: 2, leap: true }], offset: 0, intercalary: true },
      ],
      eras: [{ name: 'Age of Lanterns', abbreviation: 'AL', start_year: 1, restart: true }],
      moons: [{ name: 'Vigil', cycle: 27, shift: 2, phases: 8 }],
      epoch: 0,
    };
    const saved = await call(alice.token, 'PUT', `/api/campaigns/${campaign}/calendar`, { definition });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().definition.leap_days[0].rules).toEqual([
      { every: 100, leap: false },
      { every: 10, leap: true },
    ]);
    const exported = (await call(alice.token, 'GET', `/api/campaigns/${campaign}/calendar/export`)).json();
    expect(exported.static_data.year_data.leap_days[0]).toMatchObject({ name: 'Founders Day', timespan: 4, interval: '!100,10', offset: 0 });
    // A festival leap day at its month's end is placed after the month's last day, where Fantasy-Calendar reads it.
    expect(exported.static_data.year_data.leap_days[1]).toMatchObject({ name: 'Emberwake', timespan: 3, intercalary: true, day: 40 });
    expect(exported.static_data.year_data.timespans[2]).toMatchObject({ name: 'Lanternfest', type: 'intercalary', length: 3 });
    expect(exported.static_data.settings.year_zero_exists).toBe(true);
    const reimported = await call(alice.token, 'POST', `/api/campaigns/${campaign}/calendar/import`, exported);
    expect(reimported.json().definition).toEqual(saved.json().definition);
  });

  it('honours year_zero_exists both ways: without it, year -1 is followed by year 1', async () => {
    const campaign = await campaignOf(alice.token, 'Year zero');
    const post = (date: string) => call(alice.token, 'POST', `/api/campaigns/${campaign}/timeline/events`, { title: `On ${date}`, date, event_type: 'world_event' });
    // Harptos as exported has no year_zero_exists: no year 0.
    await call(alice.token, 'POST', `/api/campaigns/${campaign}/calendar/import`, fixture('harptos.json'));
    const zero = await post('0000-05-05');
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error).toBe('There is no year 0 in Calendar of Harptos: year -1 is followed by year 1');
    const before = (await post('-0001-17-30')).json();
    const after = (await post('0001-01-01')).json();
    expect(after.day - before.day).toBe(1);
    expect(before).toMatchObject({ date: '-0001-17-30', date_label: '30 Nightal -1' });
    expect((await call(alice.token, 'GET', `/api/campaigns/${campaign}/calendar/export`)).json().static_data.settings.year_zero_exists).toBe(false);

    // Earth without year 0: 1 B.C. is followed by 1 A.D., and B.C. years count back.
    await call(alice.token, 'POST', `/api/campaigns/${campaign}/calendar/import`, fixture('earth.json'));
    const bc = (await post('-0001-06-01')).json();
    expect(bc.date_label).toBe('1 June 1 B.C.');
    expect((await post('0001-06-01')).json().day - bc.day).toBe(365);
    expect((await post('0000-06-01')).statusCode).toBe(400);

    // With year_zero_exists true, year 0 is a year like another.
    const withZero = fixture('harptos.json');
    withZero.static_data.settings.year_zero_exists = true;
    await call(alice.token, 'POST', `/api/campaigns/${campaign}/calendar/import`, withZero);
    expect((await post('0000-05-05')).json().date_label).toBe('5 Tarsakh 0');
  });

  it('reads leap and intercalary days by their own names, outside the week', async () => {
    const campaign = await campaignOf(alice.token, 'Named days');
    await call(alice.token, 'POST', `/api/campaigns/${campaign}/calendar/import`, fixture('harptos.json'));
    const shieldmeet = (
      await call(alice.token, 'POST', `/api/campaigns/${campaign}/timeline/events`, { title: 'Shieldmeet', date: '1372-10-02', event_type: 'world_event' })
    ).json();
    expect(shieldmeet.date_label).toBe('Shieldmeet, 1372 DR');

    // A Third Imperium year: one 364-day month and Holiday, a day of its own outside the week.
    const imperium = {
      name: 'Imperial Calendar',
      static_data: {
        year_data: {
          global_week: ['Wonday', 'Tuday', 'Thirday', 'Forday', 'Fiday', 'Sixday', 'Senday'],
          first_day: 1,
          overflow: true,
          timespans: [{ name: 'Year', type: 'month', length: 364, interval: 1, offset: 0 }],
          leap_days: [{ name: 'Holiday', intercalary: true, timespan: 0, day: 0, interval: '1', offset: 0 }],
        },
        settings: { year_zero_exists: true },
        eras: [],
        moons: [],
      },
    };
    expect((await call(alice.token, 'POST', `/api/campaigns/${campaign}/calendar/import`, imperium)).statusCode).toBe(200);
    // Its `day: 0` puts Holiday before the Year's first day, as Fantasy-Calendar draws it (and Traveller counts it: day 001).
    const post = (date: string) => call(alice.token, 'POST', `/api/campaigns/${campaign}/timeline/events`, { title: date, date, event_type: 'world_event' });
    const holiday = (await post('1105-01-001')).json();
    expect(holiday.date_label).toBe('Holiday, 1105');
    expect((await post('1105-01-002')).json()).toMatchObject({ date_label: '2 Year 1105', day: holiday.day + 1 });
    expect((await post('1104-01-365')).json()).toMatchObject({ date_label: '365 Year 1104', day: holiday.day - 1 });
    const exported = (await call(alice.token, 'GET', `/api/campaigns/${campaign}/calendar/export`)).json();
    expect(exported.static_data.year_data.leap_days[0]).toMatchObject({ name: 'Holiday', intercalary: true, day: 0 });
  });

  it('puts a festival leap day where the export places it in its month, for dates, weekdays, the timeline and the export', async () => {
    const campaign = await campaignOf(alice.token, 'Mid-month');
    const imported = await call(alice.token, 'POST', `/api/campaigns/${campaign}/calendar/import`, fixture('vale-mid-month.json'));
    expect(imported.statusCode, imported.body).toBe(200);
    // Lanternfall after 10 Ember, Firstlight before 1 Frost; `day` means nothing to a leap day in the week or in a festival period.
    expect(imported.json().definition.leap_days.map((leap: { name: string; after_day?: number }) => [leap.name, leap.after_day])).toEqual([
      ['Lanternfall', 10],
      ['Firstlight', 0],
      ['Founding', undefined],
      ['Longnight', undefined],
    ]);
    const post = async (title: string, date: string) => {
      const response = await call(alice.token, 'POST', `/api/campaigns/${campaign}/timeline/events`, { title, date, event_type: 'world_event' });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };
    const lanterns = await post('The lanterns are lit', '0004-02-11');
    expect(lanterns.date_label).toBe('Lanternfall, 4');
    expect((await post('Eve', '0004-02-10')).date_label).toBe('10 Ember 4');
    expect((await post('Morning after', '0004-02-12')).date_label).toBe('12 Ember 4');
    expect((await post('A common year', '0005-02-11')).date_label).toBe('11 Ember 5');
    expect((await post('First light', '0002-04-01')).date_label).toBe('Firstlight, 2');
    expect((await post('First frost', '0002-04-02')).date_label).toBe('2 Frost 2');
    expect((await post('Long night', '0005-03-02')).date_label).toBe('Longnight, 5');
    // The timeline orders them by the day they sit on.
    const { events } = (await call(alice.token, 'GET', `/api/campaigns/${campaign}/timeline`)).json();
    expect(events.filter((event: { date: string }) => event.date.startsWith('0004')).map((event: { title: string }) => event.title)).toEqual([
      'Eve',
      'The lanterns are lit',
      'Morning after',
    ]);

    const calendar = calendarOf(imported.json().definition);
    // Year 1 starts on Tide (first_day 3) and has 90 days in the week (Hearthnight is outside it), so 1 Frost 2 is 150 week days on: Earth.
    expect(calendar.weekdays[calendar.weekdayOf(calendar.toDay({ year: 2, month: 4, day: 2 }))!]).toBe('Earth');
    expect(calendar.weekdayOf(calendar.toDay({ year: 2, month: 4, day: 1 }))).toBeNull();
    expect(calendar.weekdayOf(lanterns.day)).toBeNull();
    expect(calendar.weekdayOf(lanterns.day + 1)).toBe((calendar.weekdayOf(lanterns.day - 1)! + 1) % 7);

    // An edit in the app moves it; the export says where, and reads back the same.
    const definition = imported.json().definition;
    definition.leap_days[0].after_day = 20;
    expect((await call(alice.token, 'PUT', `/api/campaigns/${campaign}/calendar`, { definition })).statusCode).toBe(200);
    const exported = (await call(alice.token, 'GET', `/api/campaigns/${campaign}/calendar/export`)).json();
    expect(exported.static_data.year_data.leap_days.map((leap: { day: number }) => leap.day)).toEqual([20, 0, 12, 0]);
    const again = await call(alice.token, 'POST', `/api/campaigns/${campaign}/calendar/import`, exported);
    expect(again.json().definition).toEqual(definition);
    // A place past the month's end is refused, naming it.
    const beyond = fixture('vale-mid-month.json');
    beyond.static_data.year_data.leap_days[0].day = 31;
    const refused = await call(alice.token, 'POST', `/api/campaigns/${campaign}/calendar/import`, beyond);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(
      'Not a Fantasy-Calendar.com calendar we can read: Leap day "Lanternfall" must come after a day of Ember (0 to 30; 0 is before its first day)',
    );
  });

  it('an edit keeps what the imported file had that Tomekeeper does not model', async () => {
    const campaign = await campaignOf(alice.token, 'Kept events');
    const file = fixture('harptos.json');
    file.events = [{ name: 'The Time of Troubles begins', data: { date: { year: 1358, timespan: 0, day: 1 } }, category: -1 }];
    await call(alice.token, 'POST', `/api/campaigns/${campaign}/calendar/import`, file);
    const { definition } = (await call(alice.token, 'GET', `/api/campaigns/${campaign}/calendar`)).json();
    const edited = await call(alice.token, 'PUT', `/api/campaigns/${campaign}/calendar`, { definition: { ...definition, name: 'Harptos, edited' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().imported).toBe(true);
    const exported = (await call(alice.token, 'GET', `/api/campaigns/${campaign}/calendar/export`)).json();
    expect(exported.name).toBe('Harptos, edited');
    expect(exported.events).toEqual(file.events);
    expect(exported.static_data.clock).toEqual(file.static_data.clock);
    expect(exported.static_data.settings.year_zero_exists).toBe(false);
  });

  it('refuses bad calendars and bad files with a 4xx naming the problem, and writes nothing', async () => {
    const campaign = await campaignOf(alice.token, 'Careful');
    await call(alice.token, 'POST', `/api/campaigns/${campaign}/calendar/import`, fixture('eberron.json'));
    const before = (await call(alice.token, 'GET', `/api/campaigns/${campaign}/calendar`)).json();

    const zeroMonth = fixture('harptos.json');
    zeroMonth.static_data.year_data.timespans[3].length = 0;
    const withoutYear = { name: 'Broken', static_data: {} };
    const oddMonths = fixture('harptos.json');
    oddMonths.static_data.year_data.timespans[0].interval = 2;
    const badInterval = fixture('earth.json');
    badInterval.static_data.year_data.leap_days[0].interval = 'every fourth year';
    for (const [body, message] of [
      [zeroMonth, 'Not a Fantasy-Calendar.com calendar we can read: Month "Ches" has no days: a month needs a length of at least 1'],
      [withoutYear, 'Not a Fantasy-Calendar.com calendar we can read: static_data.year_data is missing'],
      [[1, 2, 3], 'Not a Fantasy-Calendar.com calendar we can read: the file must hold a JSON object'],
      [oddMonths, /month "Hammer" appears only every 2 years/],
      [badInterval, /interval we cannot read/],
    ] as const) {
      const response = await call(alice.token, 'POST', `/api/campaigns/${campaign}/calendar/import`, body);
      expect(response.statusCode).toBe(400);
      if (typeof message === 'string') expect(response.json().error).toBe(message);
      else expect(response.json().error).toMatch(message);
    }
    const malformedJson = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign}/calendar/import`,
      headers: { ...bearer(alice.token), 'content-type': 'application/json' },
      payload: '{"name": "Harptos", "static_data": {',
    });
    expect(malformedJson.statusCode).toBe(400);

    const handMade = before.definition;
    for (const [change, message] of [
      [{ months: [{ name: 'Only', length: 0 }] }, 'Month "Only" has no days: a month needs a length of at least 1'],
      [{ weekdays: [] }, 'A calendar needs at least one weekday'],
      [
        {
          leap_days: [
            {
              name: 'Odd',
              month: 0,
              rules: [
                { every: 3, leap: true },
                { every: 10, leap: false },
              ],
              offset: 0,
            },
          ],
        },
        /3 does not divide 10/,
      ],
    ] as const) {
      const response = await call(alice.token, 'PUT', `/api/campaigns/${campaign}/calendar`, { definition: { ...handMade, ...change } });
      expect(response.statusCode).toBe(400);
      if (typeof message === 'string') expect(response.json().error).toBe(message);
      else expect(response.json().error).toMatch(message);
    }
    expect((await call(alice.token, 'GET', `/api/campaigns/${campaign}/calendar`)).json()).toEqual(before);

    // A calendar that cannot write an existing event is refused, and the calendar stays.
    await call(alice.token, 'POST', `/api/campaigns/${campaign}/timeline/events`, { title: 'Far ahead', day: 30_000_000, event_type: 'prophecy' });
    const tiny = { ...handMade, months: [{ name: 'Day', length: 1 }], leap_days: [], epoch: 0 };
    const refused = await call(alice.token, 'PUT', `/api/campaigns/${campaign}/calendar`, { definition: tiny });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/cannot write every event of this campaign/);
    expect((await call(alice.token, 'GET', `/api/campaigns/${campaign}/calendar`)).json()).toEqual(before);
  });

  it("answers 404 for another user's campaign", async () => {
    const campaign = await campaignOf(alice.token, 'Private');
    await call(alice.token, 'POST', `/api/campaigns/${campaign}/calendar/import`, fixture('harptos.json'));
    for (const [method, url, body] of [
      ['GET', `/api/campaigns/${campaign}/calendar`, undefined],
      ['PUT', `/api/campaigns/${campaign}/calendar`, { definition: null }],
      ['POST', `/api/campaigns/${campaign}/calendar/import`, fixture('earth.json')],
      ['GET', `/api/campaigns/${campaign}/calendar/export`, undefined],
    ] as const) {
      const response = await call(bob.token, method, url, body);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('Campaign not found');
    }
    expect((await call(alice.token, 'GET', `/api/campaigns/${campaign}/calendar`)).json().name).toBe('Calendar of Harptos');
  });
});
