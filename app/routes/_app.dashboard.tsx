import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { PageHeader } from '~/components/page-header';

export const meta: MetaFunction = () => [{ title: 'Campaign Command Center · Tomekeeper' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const tab = new URL(request.url).searchParams.get('tab') === 'datasets' ? 'datasets' : 'campaigns';
  return { tab };
}

export default function Dashboard() {
  const { tab } = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <PageHeader title="Campaign Command Center" subtitle="Your campaigns and Knowledge Tomes." />
      <nav className="tabs" aria-label="Dashboard sections">
        <Link to="/dashboard?tab=campaigns" className={tab === 'campaigns' ? 'tab active' : 'tab'} aria-current={tab === 'campaigns' ? 'page' : undefined}>
          Campaigns
        </Link>
        <Link to="/dashboard?tab=datasets" className={tab === 'datasets' ? 'tab active' : 'tab'} aria-current={tab === 'datasets' ? 'page' : undefined}>
          Knowledge Tomes
        </Link>
      </nav>
      <section className="card">
        <p className="muted">{tab === 'campaigns' ? 'No campaigns yet.' : 'No Knowledge Tomes yet.'}</p>
      </section>
    </main>
  );
}
