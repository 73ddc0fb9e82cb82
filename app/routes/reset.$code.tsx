import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ResetPasswordForm } from '~/components/password-forms';
import { readFormOrEmpty } from '~/lib/form-data';
import { resetPasswordFromForm } from '~/lib/password-actions.server';

export const meta: MetaFunction = () => [{ title: 'Set a new password · Tomekeeper' }];

export async function loader({ context, params }: LoaderFunctionArgs) {
  return { valid: await context.domain.accounts.resetCodeIsValid(context.services.db, params.code ?? '') };
}

export async function action({ context, request, params }: ActionFunctionArgs) {
  return resetPasswordFromForm(context, params.code ?? '', await readFormOrEmpty(request));
}

/** The administrator's one-time link (`npm run admin -- reset-password USER`). */
export default function ResetPasswordPage() {
  const { valid } = useLoaderData<typeof loader>();
  return (
    <main className="page auth-page">
      <section className="card auth-card">
        <h1>Set a new password</h1>
        {valid ? (
          <>
            <p className="muted">Choose a new password. Every session of your account is signed out, and you log in again with it.</p>
            <ResetPasswordForm />
          </>
        ) : (
          <p className="notice error" role="alert">
            This reset link is invalid or has expired. Ask your administrator for a new one.
          </p>
        )}
        <p className="muted">
          <Link to="/login">Back to login</Link>
        </p>
      </section>
    </main>
  );
}
