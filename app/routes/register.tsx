import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { RegisterForm } from '~/components/auth-forms';
import { registerFromForm } from '~/lib/auth-actions.server';
import { readFormOrEmpty } from '~/lib/form-data';

export const meta: MetaFunction = () => [{ title: 'Register · Tomekeeper' }];

export async function loader({ context }: LoaderFunctionArgs) {
  if (context.user) return redirect('/dashboard');
  return null;
}

export async function action({ context, request }: ActionFunctionArgs) {
  return registerFromForm(context, request, await readFormOrEmpty(request));
}

export default function RegisterPage() {
  return (
    <main className="page auth-page">
      <section className="card auth-card">
        <h1>Join the Archive</h1>
        <p className="muted">Create your game master account with the registration code from your administrator.</p>
        <RegisterForm redirectTo="/dashboard" />
      </section>
    </main>
  );
}
