import type { MetaFunction } from '@remix-run/node';
import { PageHeader } from '~/components/page-header';

export const meta: MetaFunction = () => [{ title: 'Concept Map · Tomekeeper' }];

export default function ConceptMapPage() {
  return (
    <main className="page">
      <PageHeader title="Concept Map" />
      <section className="card">
        <p className="muted">Generate a map from your documents to see it here.</p>
      </section>
    </main>
  );
}
