import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { clearedSessionCookie } from '~/lib/session.server';

export async function action({ context }: ActionFunctionArgs) {
  if (context.sessionToken) await context.domain.accounts.revokeSession(context.services.db, context.sessionToken);
  return redirect('/login', { headers: { 'Set-Cookie': clearedSessionCookie() } });
}

export async function loader() {
  return redirect('/login');
}
