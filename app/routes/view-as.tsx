import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { viewAsSchema } from '../../contract/view-as-form';
import { readFormOrEmpty } from '~/lib/form-data';
import { parseForm } from '~/lib/form-parse';
import { viewAsCookie } from '~/lib/seats.server';
import { requireUser, safeRedirectTarget } from '~/lib/session.server';

/** The GM's "view as player" switch posts here (a plain form: works without JavaScript). */
export async function action({ context, request }: ActionFunctionArgs) {
  requireUser(context, request);
  const submission = parseForm(await readFormOrEmpty(request), viewAsSchema);
  const fields = submission.status === 'success' ? submission.value : { mode: 'gm' as const, redirectTo: undefined };
  const mode = fields.mode === 'player' ? 'player' : 'gm';
  return redirect(safeRedirectTarget(fields.redirectTo), { headers: { 'Set-Cookie': viewAsCookie(mode, request) } });
}

export async function loader() {
  return redirect('/dashboard');
}
