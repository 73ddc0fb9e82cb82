import type { MetaFunction } from '@remix-run/node';
import { PageHeader } from '~/components/page-header';

export const meta: MetaFunction = () => [{ title: 'Campaign Assistant · Tomekeeper' }];

export default function AssistantPage() {
  return (
    <main className="page">
      <PageHeader title="Campaign Assistant" />
      <section className="card">
        <p className="muted">Choose Your Campaign</p>
      </section>
    </main>
  );
}
