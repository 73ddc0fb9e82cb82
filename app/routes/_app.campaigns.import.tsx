import {
  data,
  MaxPartSizeExceededError,
  redirect,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { PageHeader } from '~/components/page-header';
import { failureMessage, statusOf } from '~/lib/auth-actions.server';
import { useHydrated } from '~/lib/use-hydrated';
import { requireUser } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Import a campaign · Tomekeeper' }];

const MB = 1024 * 1024;
const importedUrl = (id: string) => `/dashboard?tab=campaigns&imported=${encodeURIComponent(id)}`;

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireUser(context, request);
  return { maxMb: context.domain.transfer.archiveLimitBytes(context.services.env.MAX_UPLOAD_MB) / MB };
}

/** Without JavaScript the form posts here; the archive is held in memory up to the archive limit, as the /api route does. */
export async function action({ context, request }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const { env, db, queue } = context.services;
  const limit = context.domain.transfer.archiveLimitBytes(env.MAX_UPLOAD_MB);
  try {
    let parts = 0;
    const memory = unstable_createMemoryUploadHandler({ maxPartSize: limit });
    const form = await unstable_parseMultipartFormData(request, (part) => {
      if (++parts > 4) throw new Error('too many form fields');
      return memory(part);
    }).catch((error: unknown) => {
      throw new context.domain.DomainError(
        error instanceof MaxPartSizeExceededError ? 413 : 400,
        error instanceof MaxPartSizeExceededError
          ? `The archive is larger than the ${limit / MB} MB import limit.`
          : 'The form could not be read. Choose the archive again and import it.',
      );
    });
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) throw new context.domain.DomainError(400, 'Choose a campaign archive (.zip) to import.');
    const campaign = await context.domain.transfer.importCampaign(db, user.id, new Uint8Array(await file.arrayBuffer()), {
      queue,
      maxUploadBytes: env.MAX_UPLOAD_MB * MB,
    });
    return redirect(importedUrl(campaign.id));
  } catch (error) {
    return data({ error: failureMessage(context, error) ?? 'The import failed. Try again.' }, { status: statusOf(context, error) });
  }
}

/** Sends the archive to the API with the bytes sent shown as they go; the answer is the new campaign or the refusal. */
function sendArchive(file: File, onProgress: (fraction: number) => void): Promise<{ campaignId?: string; error?: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/campaigns/import');
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      let body: { campaign?: { id: string }; error?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // A proxy's HTML error page: said below.
      }
      resolve(xhr.status === 201 && body.campaign ? { campaignId: body.campaign.id } : { error: body.error ?? `The server answered ${xhr.status}. Try again.` });
    };
    xhr.onerror = () => resolve({ error: 'The connection was lost while sending the archive. Check your connection and try again.' });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

export default function ImportCampaignPage() {
  const { maxMb } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = sent !== null || navigation.state === 'submitting';
  const shownError = error ?? result?.error;
  return (
    <main className="page">
      <PageHeader title="Import a campaign" subtitle="A campaign archive exported from Tomekeeper (its Export button) becomes a new campaign of yours." />
      <section className="card auth-card">
        <form
          method="post"
          encType="multipart/form-data"
          className="stack"
          aria-label="Import a campaign"
          onSubmit={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            const file = (event.currentTarget.elements.namedItem('file') as HTMLInputElement).files?.[0];
            if (!file) return;
            setError(null);
            setSent(0);
            void sendArchive(file, setSent).then((answer) => {
              if (answer.campaignId) window.location.assign(importedUrl(answer.campaignId));
              else {
                setSent(null);
                setError(answer.error ?? null);
              }
            });
          }}
        >
          <label>
            Campaign archive (.zip, up to {maxMb} MB)
            <input type="file" name="file" accept=".zip,application/zip" required />
          </label>
          <p className="muted small">
            Its Knowledge Tomes become yours (a name you already use gets “(imported)”), and their documents are processed again from their original files: the
            dashboard shows their progress.
          </p>
          {sent !== null && (
            <div role="status" aria-live="polite">
              <div className="progress" aria-hidden="true">
                <span style={{ width: `${Math.round(sent * 100)}%` }} />
              </div>
              <p className="small">{sent < 1 ? `Sending the archive… ${Math.round(sent * 100)}%` : 'Checking and importing the campaign…'}</p>
            </div>
          )}
          {shownError && (
            <p className="notice error" role="alert">
              {shownError}
            </p>
          )}
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? 'Importing…' : 'Import campaign'}
          </button>
          <p className="muted">
            <Link to="/dashboard?tab=campaigns">Back to the dashboard</Link>
          </p>
        </form>
      </section>
    </main>
  );
}
