import type { MetaFunction } from '@remix-run/node';
import { PageHeader } from '~/components/page-header';

export const meta: MetaFunction = () => [{ title: 'Campaign Timeline · Tomekeeper' }];

export default function TimelinePage() {
  return (
    <main className="page">
      <PageHeader title="Campaign Timeline" />
      <section className="card">
        <p className="muted">No events yet...</p>
      </section>
    </main>
  );
}
