import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { PageHeader } from '~/components/page-header';

/** A page beside the timeline (its calendar, its proposals): its header leads back to the campaign's timeline. */
export function TimelineSubpage({ title, subtitle, campaignId, children }: { title: string; subtitle: string; campaignId: string; children: ReactNode }) {
  return (
    <main className="page timeline-page">
      <PageHeader title={title} subtitle={subtitle}>
        <Link to={`/timeline?campaign=${campaignId}`} className="button secondary">
          Back to the timeline
        </Link>
      </PageHeader>
      {children}
    </main>
  );
}
