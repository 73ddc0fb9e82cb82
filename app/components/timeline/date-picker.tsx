import { useState } from 'react';
import type { Calendar, CalendarDate } from '../../../contract/calendar';

interface DatePickerProps {
  calendar: Calendar;
  /** The date the picker opens on (the field's date when it reads, else today). */
  value: CalendarDate;
  onPick(date: CalendarDate): void;
  onClose(): void;
  idPrefix: string;
}

/**
 * A month grid in the campaign's calendar (its month names, festival days and weekdays) that
 * writes the picked day into the date field. Only drawn with JavaScript; the field itself
 * takes a typed date either way.
 */
export function DatePicker({ calendar, value, onPick, onClose, idPrefix }: DatePickerProps) {
  const [shown, setShown] = useState({ year: value.year, month: value.month });
  const months = calendar.monthsOf(shown.year);
  const info = months[Math.min(shown.month, months.length) - 1];
  const first = calendar.toDay({ year: shown.year, month: shown.month, day: 1 });
  const weekdays = calendar.weekdays;
  const firstWeekday = calendar.weekdayOf(first);
  // In a month, each day goes under its weekday's column and a festival day inside it (outside the
  // week) takes a row of its own, so the days after it stay under their weekdays (ADR 0358).
  const byColumn = !info.intercalary && weekdays.length <= 10;
  const lead = info.intercalary || byColumn || firstWeekday === null ? 0 : firstWeekday;
  const festivals = new Map(
    calendar
      .namedDays(shown.year)
      .filter((named) => named.month === shown.month)
      .map((named) => [named.day, named.name]),
  );

  const step = (months: number) =>
    setShown((current) => {
      let { year, month } = current;
      month += months;
      while (month < 1) {
        year -= 1;
        month += calendar.monthsOf(year).length;
      }
      while (month > calendar.monthsOf(year).length) {
        month -= calendar.monthsOf(year).length;
        year += 1;
      }
      return { year, month };
    });
  const stepYear = (years: number) =>
    setShown((current) => {
      const year = current.year + years;
      return { year, month: Math.min(current.month, calendar.monthsOf(year).length) };
    });

  const titleId = `${idPrefix}-picker-title`;
  return (
    <div className="tl-picker" role="dialog" aria-labelledby={titleId} data-testid="date-picker">
      <div className="tl-picker-head">
        <button type="button" className="button secondary small" onClick={() => stepYear(-1)} aria-label="Previous year">
          «
        </button>
        <button type="button" className="button secondary small" onClick={() => step(-1)} aria-label="Previous month">
          ‹
        </button>
        <strong id={titleId} className="tl-picker-title">
          {info.name} {calendar.yearLabel(shown.year)}
        </strong>
        <button type="button" className="button secondary small" onClick={() => step(1)} aria-label="Next month">
          ›
        </button>
        <button type="button" className="button secondary small" onClick={() => stepYear(1)} aria-label="Next year">
          »
        </button>
      </div>
      {info.intercalary && <p className="muted small tl-picker-note">Festival days, outside the week</p>}
      <div className="tl-picker-grid" style={{ '--week': info.intercalary ? Math.min(info.length, 7) : weekdays.length } as React.CSSProperties}>
        {!info.intercalary &&
          weekdays.map((name) => (
            <span key={name} className="tl-picker-weekday" aria-hidden="true" title={name}>
              {name.slice(0, 2)}
            </span>
          ))}
        {Array.from({ length: lead }, (_, index) => (
          <span key={`lead-${index}`} aria-hidden="true" />
        ))}
        {Array.from({ length: info.length }, (_, index) => {
          const day = index + 1;
          const selected = value.year === shown.year && value.month === shown.month && value.day === day;
          const festival = info.intercalary ? undefined : festivals.get(day);
          const weekday = byColumn && !festival ? calendar.weekdayOf(first + index) : null;
          return (
            <button
              key={day}
              type="button"
              style={festival ? { gridColumn: '1 / -1' } : weekday !== null ? { gridColumnStart: weekday + 1 } : undefined}
              className={selected ? 'tl-picker-day selected' : 'tl-picker-day'}
              aria-pressed={selected}
              aria-label={calendar.label(first + index)}
              onClick={() => onPick({ year: shown.year, month: shown.month, day })}
            >
              {festival ?? day}
            </button>
          );
        })}
      </div>
      <div className="row tl-picker-foot">
        <span className="spacer" />
        <button type="button" className="button secondary small" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
