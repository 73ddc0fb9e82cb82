import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { PageHeader } from '~/components/page-header';
import { ChangePasswordForm } from '~/components/password-forms';
import { readFormOrEmpty } from '~/lib/form-data';
import { changePasswordFromForm } from '~/lib/password-actions.server';
import { requireUser } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Change password · Tomekeeper' }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireUser(context, request);
  return { changed: new URL(request.url).searchParams.get('changed') === '1' };
}

export async function action({ context, request }: ActionFunctionArgs) {
  return changePasswordFromForm(context, request, await readFormOrEmpty(request));
}

export default function ChangePasswordPage() {
  const { changed } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main className="page">
      <PageHeader title="Change password" subtitle="Your other sessions (other browsers and devices) are signed out when you change it." />
      <section className="card auth-card">
        <ChangePasswordForm done={!result && changed ? 'Password changed. Your other sessions have been signed out.' : undefined} />
      </section>
    </main>
  );
}
