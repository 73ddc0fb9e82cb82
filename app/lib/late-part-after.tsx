import { useCallback, useId, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode, type SyntheticEvent } from 'react';
import { isSendKey } from './enter-sends';
import { type Entry, loadEntry, loadRenderedParts, registerPart, usePart } from './late-part';
import { readTypedFields, restoreTypedFields, type TypedFields } from './typed-fields';

/**
 * A late part (late-part.tsx) that the server draws and the browser makes live after the page
 * (ADR 0242), so a screen's first load does not carry its code:
 * - hydration takes the server's HTML of it over as it is (found by its frame's id), and the
 *   page goes live without waiting for it;
 * - its code (and the late parts the server drew inside it) loads once the page is live, and it
 *   is then drawn live in its place, with what was typed, checked or chosen in it and the focus
 *   carried over (typed-fields.ts);
 * - a link or button pressed, or a form sent, meanwhile waits: `waiting` shows under the part as a status,
 *   and the press or the submit is made again in the live part; Enter in a text area marked
 *   `enterkeyhint="send"` sends its form, as the live part does;
 * - drawn again elsewhere before its code is here (a tome modal's section becoming a <dialog>),
 *   with the same props, it takes the server's HTML over again;
 * - a part first shown after hydration renders `fallback` while its code loads, as a late part does.
 * Its frame is a <div class="late-part"> drawn without a box (app.css).
 */
export function latePartAfterHydration<Props extends object>(
  key: string,
  load: () => Promise<ComponentType<Props>>,
  { fallback = null, waiting }: { fallback?: ReactNode; waiting: string },
): ComponentType<Props> & { preload(): void } {
  const entry = registerPart(key, load as Entry['load'], true);
  function LatePartAfterHydration(props: Props) {
    return <LaterPart entry={entry} props={props} fallback={fallback} waiting={waiting} />;
  }
  LatePartAfterHydration.displayName = `LatePartAfterHydration(${key})`;
  LatePartAfterHydration.preload = () => void loadEntry(entry);
  return LatePartAfterHydration;
}

interface PartProps<Props> {
  entry: Entry;
  props: Props;
  fallback: ReactNode;
}

/** A press or a form sent in the server's HTML before the part was live, to be made again, in order, in the live part. */
type Pressed = { kind: 'click' | 'submit'; path: number[]; submitter: number[] | null };

// By elements only: the server's HTML has comment and text nodes that a drawing in the browser does not.
const pathTo = (root: Element, element: Element): number[] => {
  const path: number[] = [];
  for (let at = element; at !== root && at.parentElement; at = at.parentElement) path.unshift([...at.parentElement.children].indexOf(at));
  return path;
};
const nodeAt = (root: Element, path: number[]): Element | undefined => path.reduce<Element | undefined>((at, index) => at?.children[index], root);

// The server's HTML a part took over, with the props it was drawn with and the presses it holds, for a drawing of it elsewhere (a moved part has a new id).
type Taken = { html: string; props: object; pressed: Pressed[] };
const taken = new WeakMap<Entry, Taken>();
const sameProps = (a: object, b: object) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, value]) => Object.is(value, (b as Record<string, unknown>)[key]));

function LaterPart<Props extends object>({ entry, props, fallback, waiting }: PartProps<Props> & { waiting: string }) {
  const id = useId();
  // The server's HTML of this part, found by its frame's id while the page hydrates.
  const [server] = useState((): Taken | null => {
    if (typeof document === 'undefined' || entry.component) return null;
    const html = document.getElementById(id)?.innerHTML;
    if (html === undefined) {
      const before = taken.get(entry);
      return before && sameProps(before.props, props) ? before : null;
    }
    const first = { html, props, pressed: [] };
    taken.set(entry, first);
    return first;
  });
  const frame = useRef<HTMLDivElement | null>(null);
  const carried = useRef<TypedFields | null>(null);
  const pressed = useRef<Pressed[]>(server?.pressed ?? []);
  const [held, setHeld] = useState(() => pressed.current.length > 0);
  // The parts the server drew inside this one load with it, so the live part draws them at once.
  const Component = usePart<Props>(entry, () => (frame.current ? loadRenderedParts(frame.current).catch(() => {}) : Promise.resolve()));

  // The server's HTML leaves in the commit that draws the live part; what was entered in it is read as it leaves.
  const serverFrame = useCallback((node: HTMLDivElement | null) => {
    if (node) frame.current = node;
    else if (frame.current) carried.current = readTypedFields(frame.current);
  }, []);
  useLayoutEffect(() => {
    if (!Component || !frame.current) return;
    if (carried.current) restoreTypedFields(frame.current, carried.current);
    carried.current = null;
    for (const again of pressed.current.splice(0)) {
      const target = nodeAt(frame.current, again.path);
      if (again.kind === 'click' && target instanceof HTMLElement) target.click();
      if (again.kind === 'submit' && target instanceof HTMLFormElement) {
        const submitter = again.submitter && nodeAt(frame.current, again.submitter);
        target.requestSubmit(submitter instanceof HTMLElement ? submitter : null);
      }
    }
  }, [Component]);

  if (Component)
    return (
      <div key="live" id={id} className="late-part" ref={frame}>
        <Component {...props} />
      </div>
    );
  if (server === null) return <>{fallback}</>;
  const hold = (event: SyntheticEvent, next: Pressed) => {
    event.preventDefault();
    pressed.current.push(next);
    setHeld(true);
  };
  const drawn = (
    <div
      key="server"
      id={id}
      className="late-part"
      ref={serverFrame}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own HTML of this part, read back unchanged.
      dangerouslySetInnerHTML={{ __html: server.html }}
      onClickCapture={(event) => {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || !frame.current) return;
        const target = (event.target as Element).closest('a[href], button[type="button"]');
        if (target && frame.current.contains(target)) hold(event, { kind: 'click', path: pathTo(frame.current, target), submitter: null });
      }}
      onKeyDownCapture={(event) => {
        const field = event.target as HTMLTextAreaElement;
        if (!isSendKey(event) || !field.matches('textarea[enterkeyhint="send"]')) return;
        event.preventDefault();
        field.form?.requestSubmit();
      }}
      onSubmitCapture={(event) => {
        if (!frame.current) return;
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        hold(event, { kind: 'submit', path: pathTo(frame.current, event.target as Element), submitter: submitter ? pathTo(frame.current, submitter) : null });
      }}
    />
  );
  return (
    <>
      {drawn}
      {held && (
        <p className="muted small" role="status">
          {waiting}
        </p>
      )}
    </>
  );
}
