import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useFetcher, useLoaderData, type ClientActionFunctionArgs } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { ConceptMap, MapDocument } from '../../server/domain/concept-map';
import { CONCEPT_MAP_MESSAGES, visibleRelationships, type ConceptMapSettings } from '../../contract/concept-map';
import { USAGE_UPDATED_EVENT } from '../../contract/usage';
import { CampaignBar } from '~/components/concept-map/campaign-bar';
import { ConceptLists } from '~/components/concept-map/concept-lists';
import { DocumentPicker, selectionValue } from '~/components/concept-map/document-picker';
import { readMapForm, type MapActionResult } from '~/components/concept-map/map-action';
import { MapActions } from '~/components/concept-map/map-actions';
import { MapCanvas } from '~/components/concept-map/map-canvas';
import { MapDialog } from '~/components/concept-map/map-dialog';
import { mapHref, panelOf, presetOf, type Preset } from '~/components/concept-map/map-href';
import { MapNotices } from '~/components/concept-map/map-notices';
import { SettingsForm } from '~/components/concept-map/settings-form';
import { useFetcherOutcome } from '~/components/concept-map/use-fetcher-outcome';
import { useJobProgress } from '~/components/concept-map/use-job-progress';
import { PageHeader } from '~/components/page-header';
import { failureMessage, statusOf } from '~/lib/auth-actions.server';
import { requireUser } from '~/lib/session.server';
import { viewAsPlayer } from '~/lib/view-as.server';
import { useHydrated } from '~/lib/use-hydrated';
import conceptMapStylesHref from '~/styles/concept-map.css?url';
import { campaignsOfGmScreen } from '~/lib/seats.server';

export const meta: MetaFunction = () => [{ title: 'Concept Map · Tomekeeper' }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: conceptMapStylesHref }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request);
  const { db } = context.services;
  const { conceptMap } = context.domain;
  const url = new URL(request.url);
  const { campaigns, requested, selected } = await campaignsOfGmScreen(context, user.id, url, 'map');
  const base = { campaigns, campaignMissing: Boolean(requested && selected?.id !== requested), panel: panelOf(url), preset: presetOf(url) };
  if (!selected) return { ...base, campaignId: null, map: null, documents: [] as MapDocument[], loadError: null };
  try {
    // The GM's "view as player" switch shows the players' map.
    const access = await context.domain.ownership.requireCampaignAccess(db, user.id, selected.id, { viewAsPlayer: viewAsPlayer(request) });
    const [map, documents] = await Promise.all([conceptMap.getConceptMap(db, access), conceptMap.listMapDocuments(db, user.id, selected.id)]);
    return { ...base, campaignId: selected.id, map, documents, loadError: null };
  } catch (error) {
    context.log.error({ err: error }, 'loading the concept map failed');
    return { ...base, campaignId: selected.id, map: null, documents: [] as MapDocument[], loadError: CONCEPT_MAP_MESSAGES.loadFailed };
  }
}

/**
 * Generate/Update Map and Save Settings, posted the same way with JavaScript (through a fetcher)
 * or without it. A success goes back to the map, which then shows the new map or the queued
 * generation's progress; a failure answers its message to the form that sent it.
 */
export async function action({ context, request }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const { db } = context.services;
  const { conceptMap } = context.domain;
  const form = readMapForm(await request.formData());
  try {
    if (form.intent === 'settings') {
      await conceptMap.updateSettings(db, user.id, form.campaignId, form.settings);
    } else {
      await conceptMap.generateConceptMap(db, user.id, form.campaignId, { selected_documents: form.documents }, context.services);
    }
    return redirect(mapHref(form.campaignId));
  } catch (error) {
    const fallback = form.intent === 'settings' ? CONCEPT_MAP_MESSAGES.settingsFailed : CONCEPT_MAP_MESSAGES.generateFailed;
    return data<MapActionResult>(
      {
        intent: form.intent,
        error: failureMessage(context, error) ?? fallback,
        selected: form.intent === 'generate' ? form.documents.map((document) => document.id) : undefined,
      },
      { status: statusOf(context, error) },
    );
  }
}

/** With JavaScript: an answer that never arrives whole (a proxy's 502, a dropped connection) says what failed instead of replacing the page. */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const intent = (await request.clone().formData()).get('intent') === 'settings' ? 'settings' : 'generate';
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    if (error instanceof Response) throw error;
    return { intent, error: intent === 'settings' ? CONCEPT_MAP_MESSAGES.settingsFailed : CONCEPT_MAP_MESSAGES.generateFailed } satisfies MapActionResult;
  }
}

/** What the picker starts with: the documents of the map, or every ready one before the first map. */
function initialSelection(documents: MapDocument[], preset: Preset, posted?: string[]): Set<string> {
  const ready = documents.filter((document) => document.status === 'ready');
  if (posted) return new Set(posted);
  if (preset === 'none') return new Set();
  if (preset === 'all') return new Set(ready.map((document) => document.id));
  const inMap = ready.filter((document) => document.processed);
  return new Set((inMap.length > 0 ? inMap : ready).map((document) => document.id));
}

export default function ConceptMapPage() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as MapActionResult | undefined;
  const { campaigns, campaignId, documents, map, panel } = loaded;
  const generation = useFetcher<MapActionResult>({ key: 'concept-map-generate' });
  const settings = useFetcher<MapActionResult>({ key: 'concept-map-settings' });
  const [notice, setNotice] = useState<string | null>(null);
  const hydrated = useHydrated();
  const generateError = useFetcherOutcome(generation, posted?.intent === 'generate' ? posted : undefined, () =>
    window.dispatchEvent(new Event(USAGE_UPDATED_EVENT)),
  );
  const settingsError = useFetcherOutcome(settings, posted?.intent === 'settings' ? posted : undefined, () => setNotice('Settings saved'));
  const job = useJobProgress(map?.job ?? null);
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), 3000);
    return () => window.clearTimeout(timer);
  }, [notice]);

  if (campaigns.length === 0 || !campaignId) {
    return (
      <main className="page cm-page">
        <PageHeader title="Concept Map" subtitle="The people, places and factions of your campaign, and how they connect." />
        <section className="card empty-state">
          <h2>No campaigns yet</h2>
          <p>A concept map belongs to a campaign. Create one in the Campaign Command Center and link your Knowledge Tomes to it.</p>
          <Link to="/dashboard?tab=campaigns" className="button primary">
            Go to campaigns
          </Link>
        </section>
      </main>
    );
  }

  const readyDocuments = documents.filter((document) => document.status === 'ready');
  const savedSelection = readyDocuments.filter((document) => document.processed).map(selectionValue);
  const hasMap = Boolean(map && map.processed_docs.length > 0);
  const submitting = generation.state !== 'idle';
  const busy = submitting || job.running !== null;
  const failedJob = map?.job?.status === 'failed' ? map.job : null;
  const error = generateError ?? job.error ?? failedJob?.error ?? null;
  const documentsKey = documents.map((document) => `${document.id}${document.processed ? '+' : ''}`).join(',');

  return (
    <main className="page cm-page">
      <PageHeader title="Concept Map" subtitle="The people, places and factions of your campaign, and how they connect.">
        <MapActions campaignId={campaignId} savedSelection={savedSelection} fetcher={generation} busy={busy} canGenerate={readyDocuments.length > 0} />
      </PageHeader>

      <CampaignBar
        campaigns={campaigns}
        campaignId={campaignId}
        map={map}
        visibleRelationships={map ? visibleRelationships(map.relationships, map.settings.min_strength).length : 0}
        busy={busy}
      />

      <MapNotices
        campaignMissing={loaded.campaignMissing}
        loadError={loaded.loadError}
        error={panel === 'select' ? null : error}
        notice={notice}
        outdated={busy ? [] : (map?.processed_docs.filter((document) => document.outdated) ?? [])}
        job={map?.job && map.job.status !== 'failed' ? map.job : null}
      />

      <MapDialog open={panel === 'select'} title="Select Documents" closeHref={mapHref(campaignId)} testId="select-documents-modal">
        <DocumentPickerWithSelection
          key={`${campaignId}|${documentsKey}|${loaded.preset}|${posted?.selected?.join(',') ?? ''}`}
          campaignId={campaignId}
          documents={documents}
          initial={initialSelection(documents, loaded.preset, posted?.intent === 'generate' ? posted.selected : undefined)}
          fetcher={generation}
          busy={busy}
          hasMap={hasMap}
          error={error}
        />
      </MapDialog>
      <MapDialog open={panel === 'settings' && Boolean(map)} title="Settings" closeHref={mapHref(campaignId)} testId="settings-modal">
        {map && (
          <SettingsForm
            key={JSON.stringify(map.settings)}
            campaignId={campaignId}
            settings={map.settings as ConceptMapSettings}
            fetcher={settings}
            error={settingsError}
          />
        )}
      </MapDialog>

      {map && (
        <MapCanvas
          campaignId={campaignId}
          map={map as ConceptMap}
          hasMap={hasMap}
          readyCount={readyDocuments.length}
          busy={busy ? (job.running ?? { progress: 0, message: 'Reading the selected documents…' }) : null}
        />
      )}
      {map && map.concepts.length > 0 && (
        <ConceptLists concepts={map.concepts} relationships={map.relationships} minStrength={map.settings.min_strength} open={!hydrated} />
      )}
    </main>
  );
}

/** The picker with its own checked set, started afresh for each campaign, document list or preset (by key). */
function DocumentPickerWithSelection({ initial, ...props }: Omit<Parameters<typeof DocumentPicker>[0], 'selected' | 'onSelect'> & { initial: Set<string> }) {
  const [selected, setSelected] = useState(initial);
  return <DocumentPicker {...props} selected={selected} onSelect={setSelected} />;
}
