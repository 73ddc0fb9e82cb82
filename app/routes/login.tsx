import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { LoginForm, RequestAccessForm } from '~/components/auth-forms';
import { loginFromForm, registerFromForm } from '~/lib/auth-actions.server';
import { readFormOrEmpty } from '~/lib/form-data';
import { safeRedirectTarget } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Login · Tomekeeper' }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  if (context.user) return redirect('/dashboard');
  const url = new URL(request.url);
  return {
    redirectTo: safeRedirectTarget(url.searchParams.get('redirectTo')),
    mode: url.searchParams.get('mode') === 'request' ? ('request' as const) : ('login' as const),
    passwordReset: url.searchParams.get('reset') === '1',
  };
}

export async function action({ context, request }: ActionFunctionArgs) {
  const form = await readFormOrEmpty(request);
  return form.get('intent') === 'register' ? registerFromForm(context, request, form) : loginFromForm(context, request, form);
}

export default function LoginPage() {
  const { redirectTo, mode, passwordReset } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const showRequest = result ? result.intent === 'register' : mode === 'request';
  return (
    <main className="page auth-page">
      <section className="card auth-card">
        <h1>{showRequest ? 'Request Access' : 'Enter the Archive'}</h1>
        <p className="muted">
          {showRequest ? 'Your administrator gave you a registration code. Use it to open your account.' : 'Sign in to your campaigns and Knowledge Tomes.'}
        </p>
        {passwordReset && !result && (
          <p className="notice success" role="status">
            Your new password is set. Log in with it.
          </p>
        )}
        {showRequest ? <RequestAccessForm redirectTo={redirectTo} /> : <LoginForm redirectTo={redirectTo} />}
      </section>
    </main>
  );
}
