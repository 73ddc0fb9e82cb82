import { useHydrated } from '~/lib/use-hydrated';

/** A timestamp in the reader's own time zone once JavaScript runs; UTC in the server's HTML. */
export function LocalTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const date = new Date(iso);
  const text = hydrated ? date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
  return <time dateTime={iso}>{text}</time>;
}
