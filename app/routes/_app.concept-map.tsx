import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation, useRevalidator } from '@remix-run/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ConceptMap, MapDocument } from '../../server/domain/concept-map';
import { CONCEPT_MAP_MESSAGES, visibleRelationships, type ConceptMapSettings } from '../../contract/concept-map';
import { ConceptLists } from '~/components/concept-map/concept-lists';
import { DocumentPicker, selectionValue } from '~/components/concept-map/document-picker';
import { MapStats } from '~/components/concept-map/map-stats';
import { SettingsForm } from '~/components/concept-map/settings-form';
import { TypeLegend } from '~/components/concept-map/type-legend';
import { useMapGeneration } from '~/components/concept-map/use-map-generation';
import { PageHeader } from '~/components/page-header';
import { ApiError, apiFetch } from '~/lib/api-client';
import { failureMessage, statusOf } from '~/lib/auth-actions.server';
import { formFields } from '~/lib/form-data';
import { requireUser } from '~/lib/session.server';
import { useHydrated } from '~/lib/use-hydrated';
import conceptMapStylesHref from '~/styles/concept-map.css?url';

// d3-force comes with the graph, and only to this screen, after the page is interactive.
const ConceptGraph = lazy(() => import('~/components/concept-map/concept-graph'));

export const meta: MetaFunction = () => [{ title: 'Concept Map · Tomekeeper' }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: conceptMapStylesHref }];

type Panel = 'select' | 'settings' | null;
type Preset = 'all' | 'none' | null;

function mapHref(campaign: string | null, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (campaign) params.set('campaign', campaign);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `/concept-map?${query}` : '/concept-map';
}

export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request);
  const { db } = context.services;
  const { campaigns: campaignsDomain, conceptMap } = context.domain;
  const url = new URL(request.url);
  const campaigns = (await campaignsDomain.listCampaigns(db, user.id)).map(({ id, name }) => ({ id, name }));
  const requested = url.searchParams.get('campaign');
  const selected = campaigns.find((campaign) => campaign.id === requested) ?? campaigns[0] ?? null;
  const panelParam = url.searchParams.get('select') === '1' ? 'select' : url.searchParams.get('settings') === '1' ? 'settings' : null;
  const presetParam = url.searchParams.get('preset');
  const base = {
    campaigns,
    campaignMissing: Boolean(requested && selected?.id !== requested),
    panel: panelParam as Panel,
    preset: (presetParam === 'all' || presetParam === 'none' ? presetParam : null) as Preset,
  };
  if (!selected) return { ...base, campaignId: null, map: null, documents: [] as MapDocument[], loadError: null };
  try {
    const [map, documents] = await Promise.all([
      conceptMap.getConceptMap(db, user.id, selected.id),
      conceptMap.listMapDocuments(db, user.id, selected.id),
    ]);
    return { ...base, campaignId: selected.id, map, documents, loadError: null };
  } catch (error) {
    console.error(error);
    return { ...base, campaignId: selected.id, map: null, documents: [] as MapDocument[], loadError: CONCEPT_MAP_MESSAGES.loadFailed };
  }
}

interface ActionResult {
  intent: 'generate' | 'settings';
  error: string;
  /** The documents that were checked, so the form comes back as it was sent. */
  selected?: string[];
}

/** The plain forms (without JavaScript): generate from the checked documents, and save the settings. */
export async function action({ context, request }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const { db } = context.services;
  const { conceptMap } = context.domain;
  const form = await request.formData();
  const fields = formFields(form);
  const campaignId = fields.campaign ?? '';
  const intent = fields.intent === 'settings' ? ('settings' as const) : ('generate' as const);
  const selected = form
    .getAll('document')
    .filter((value): value is string => typeof value === 'string')
    .map((value) => {
      const [dataset_id = '', id = ''] = value.split(':');
      return { id, dataset_id };
    });
  try {
    if (intent === 'settings') {
      await conceptMap.updateSettings(db, user.id, campaignId, {
        show_labels: fields.show_labels === 'true',
        min_strength: fields.min_strength ?? '',
        layout: (fields.layout ?? 'force_directed') as ConceptMapSettings['layout'],
      });
    } else {
      await conceptMap.generateConceptMap(db, user.id, campaignId, { selected_documents: selected }, context.services);
    }
    return redirect(mapHref(campaignId));
  } catch (error) {
    const fallback = intent === 'settings' ? CONCEPT_MAP_MESSAGES.settingsFailed : CONCEPT_MAP_MESSAGES.generateFailed;
    return data<ActionResult>(
      { intent, error: failureMessage(context, error) ?? fallback, selected: selected.map((document) => document.id) },
      { status: statusOf(context, error) },
    );
  }
}

/** What the picker starts with: the map's documents, or every ready one before the first map. */
function initialSelection(documents: MapDocument[], map: ConceptMap | null, preset: Preset, posted?: string[]): Set<string> {
  const ready = documents.filter((document) => document.status === 'ready');
  if (posted) return new Set(posted);
  if (preset === 'none') return new Set();
  if (preset === 'all') return new Set(ready.map((document) => document.id));
  const inMap = ready.filter((document) => document.processed);
  return new Set((inMap.length > 0 && map?.processed_docs.length ? inMap : ready).map((document) => document.id));
}

export default function ConceptMapPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const { campaigns, campaignId, documents } = loaded;

  const [map, setMap] = useState<ConceptMap | null>(loaded.map);
  useEffect(() => setMap(loaded.map), [loaded.map]);
  const [selected, setSelected] = useState(() => initialSelection(documents, loaded.map, loaded.preset, actionData?.selected));
  const documentsKey = documents.map((document) => `${document.id}${document.processed ? '+' : ''}`).join(',');
  useEffect(() => {
    setSelected(initialSelection(documents, loaded.map, loaded.preset));
    // A new document list (another campaign, a new map) starts a new selection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [campaignId, documentsKey, loaded.preset]);

  const [dialog, setDialog] = useState<Panel>(null);
  const [settingsBusy, setSettingsBusy] = useState(false);
  const [settingsError, setSettingsError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), 3000);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const onMap = useCallback(
    (next: ConceptMap) => {
      setMap(next);
      setDialog(null);
      revalidator.revalidate();
    },
    [revalidator],
  );
  const generation = useMapGeneration(campaignId ?? '', onMap);
  const busy = generation.state.running;

  // A generation started elsewhere (another tab, before a reload) is followed here too.
  const resumed = useRef<string | null>(null);
  useEffect(() => {
    const job = loaded.map?.job;
    if (!hydrated || !job || resumed.current === job.id) return;
    resumed.current = job.id;
    if (job.status !== 'failed') generation.resume(job);
  }, [hydrated, loaded.map?.job, generation.resume]);

  const selection = documents
    .filter((document) => document.status === 'ready' && selected.has(document.id))
    .map(({ id, dataset_id }) => ({ id, dataset_id }));
  const generate = () => void generation.generate(selection);

  const saveSettings = async (next: ConceptMapSettings) => {
    if (!campaignId) return;
    setSettingsBusy(true);
    setSettingsError(null);
    try {
      const saved = await apiFetch<ConceptMapSettings>(`/api/campaigns/${campaignId}/concept-map/settings`, {
        method: 'PUT',
        body: JSON.stringify(next),
      });
      setMap((current) => (current ? { ...current, settings: saved } : current));
      setDialog(null);
      setNotice('Settings saved');
    } catch (error) {
      setSettingsError(error instanceof ApiError ? error.message : CONCEPT_MAP_MESSAGES.settingsFailed);
    } finally {
      setSettingsBusy(false);
    }
  };

  const openDialog = (which: 'select' | 'settings') => (event: React.MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    setSettingsError(null);
    generation.dismiss();
    setDialog(which);
  };

  const shown = map ? visibleRelationships(map.relationships, map.settings.min_strength).length : 0;
  const hasMap = Boolean(map && map.processed_docs.length > 0);
  const outdated = map?.processed_docs.filter((document) => document.outdated) ?? [];
  const failedJob = map?.job?.status === 'failed' ? map.job : null;
  const runningJob = map?.job && map.job.status !== 'failed' ? map.job : null;
  const readyCount = documents.filter((document) => document.status === 'ready').length;
  const generateLabel = busy ? 'Generating…' : hasMap ? 'Update Map' : 'Generate Map';
  const panel: Panel = loaded.panel ?? (actionData ? (actionData.intent === 'settings' ? 'settings' : 'select') : null);
  const error = generation.state.error ?? failedJob?.error ?? null;

  return (
    <main className="page cm-page">
      <PageHeader title="Concept Map" subtitle="The people, places and factions of your campaign, and how they connect.">
        {campaignId && (
          <>
            <Link to={mapHref(campaignId, { select: '1' })} className="button secondary" onClick={openDialog('select')} preventScrollReset>
              Select Documents
            </Link>
            {hydrated ? (
              <button type="button" className="primary" onClick={generate} disabled={busy || readyCount === 0} data-testid="generate-button">
                {generateLabel}
              </button>
            ) : (
              <Form method="post" action={mapHref(campaignId)}>
                <input type="hidden" name="intent" value="generate" />
                <input type="hidden" name="campaign" value={campaignId} />
                {documents
                  .filter((document) => document.status === 'ready' && selected.has(document.id))
                  .map((document) => (
                    <input key={document.id} type="hidden" name="document" value={selectionValue(document)} />
                  ))}
                <button type="submit" className="primary" disabled={readyCount === 0 || navigation.state === 'submitting'}>
                  {generateLabel}
                </button>
              </Form>
            )}
            <Link to={mapHref(campaignId, { settings: '1' })} className="button secondary" onClick={openDialog('settings')} preventScrollReset>
              Settings
            </Link>
          </>
        )}
      </PageHeader>

      {campaigns.length === 0 || !campaignId ? (
        <section className="card empty-state">
          <h2>No campaigns yet</h2>
          <p>A concept map belongs to a campaign. Create one in the Campaign Command Center and link your Knowledge Tomes to it.</p>
          <Link to="/dashboard?tab=campaigns" className="button primary">
            Go to campaigns
          </Link>
        </section>
      ) : (
        <>
          <Form method="get" action="/concept-map" className="card cm-controls" onSubmit={(event) => hydrated && event.preventDefault()}>
            <label>
              Campaign
              <select name="campaign" value={campaignId} onChange={(event) => navigate(mapHref(event.target.value))} disabled={busy}>
                {campaigns.map((campaign) => (
                  <option key={campaign.id} value={campaign.id}>
                    {campaign.name}
                  </option>
                ))}
              </select>
            </label>
            {!hydrated && (
              <button type="submit" className="secondary">
                Show
              </button>
            )}
            {map && <MapStats map={map} visibleRelationships={shown} />}
          </Form>

          {loaded.campaignMissing && <p className="notice info cm-notice">That campaign was not found; showing your first campaign instead.</p>}
          {loaded.loadError && (
            <p className="notice error cm-notice" role="alert">
              {loaded.loadError}
            </p>
          )}
          {error && (
            <p className="notice error cm-notice" role="alert" data-testid="concept-map-error">
              {error}
            </p>
          )}
          {actionData && !panel && (
            <p className="notice error cm-notice" role="alert">
              {actionData.error}
            </p>
          )}
          <p className="sr-only" role="status">
            {notice}
          </p>
          {notice && (
            <p className="notice success cm-notice" aria-hidden="true">
              {notice}
            </p>
          )}
          {outdated.length > 0 && !busy && (
            <p className="notice info cm-notice">
              {outdated.length === 1 ? `“${outdated[0].filename}” has` : `${outdated.length} documents have`} changed since the map was
              built. Update Map to read {outdated.length === 1 ? 'it' : 'them'} again.
            </p>
          )}

          {panel === 'select' && !hydrated && (
            <section className="card cm-panel" aria-labelledby="cm-select-title">
              <h2 id="cm-select-title">Select Documents</h2>
              <DocumentPicker
                campaignId={campaignId}
                documents={documents}
                selected={selected}
                live={false}
                busy={false}
                hasMap={hasMap}
                error={actionData?.intent === 'generate' ? actionData.error : null}
                presetHref={(preset) => mapHref(campaignId, { select: '1', preset })}
                cancelHref={mapHref(campaignId)}
              />
            </section>
          )}
          {panel === 'settings' && !hydrated && map && (
            <section className="card cm-panel" aria-labelledby="cm-settings-title">
              <h2 id="cm-settings-title">Settings</h2>
              <SettingsForm
                campaignId={campaignId}
                settings={map.settings}
                live={false}
                busy={false}
                error={actionData?.intent === 'settings' ? actionData.error : null}
                cancelHref={mapHref(campaignId)}
              />
            </section>
          )}

          {runningJob && !hydrated && (
            <section className="card cm-job" role="status">
              {/* Without JavaScript the page refreshes itself until the job ends. */}
              <noscript>
                <meta httpEquiv="refresh" content="3" />
              </noscript>
              <h2>Generating the concept map…</h2>
              <div className="progress" aria-hidden="true">
                <span style={{ width: `${runningJob.progress}%` }} />
              </div>
              <p className="muted">{runningJob.progress_message}</p>
            </section>
          )}

          {map && (
            <section className="card cm-canvas-card" aria-label="Concept map">
              <TypeLegend concepts={map.concepts} />
              {busy && (
                <div className="cm-busy" role="status" data-testid="concept-map-loading">
                  <div className="cm-spinner" aria-hidden="true" />
                  <p>
                    <strong>Generating the concept map…</strong>
                  </p>
                  <div className="progress cm-busy-progress" aria-hidden="true">
                    <span style={{ width: `${Math.max(4, generation.state.progress)}%` }} />
                  </div>
                  <p className="muted small">{generation.state.message}</p>
                </div>
              )}
              {map.concepts.length === 0 ? (
                !busy && (
                  <div className="empty-state cm-empty" data-testid="concept-map-empty">
                    {hasMap ? (
                      <>
                        <h2>No concepts found</h2>
                        <p>The selected documents name no people, places or factions. Try other documents.</p>
                      </>
                    ) : readyCount === 0 ? (
                      <>
                        <h2>No documents to analyze</h2>
                        <p>
                          Link a Knowledge Tome with documents to this campaign in the{' '}
                          <Link to="/dashboard?tab=campaigns">Campaign Command Center</Link>, then generate its map.
                        </p>
                      </>
                    ) : (
                      <>
                        <h2>No concept map yet</h2>
                        <p>Select the documents to analyze and generate a map of the people, places, factions and items they mention.</p>
                        <Link to={mapHref(campaignId, { select: '1' })} className="button primary" onClick={openDialog('select')} preventScrollReset>
                          Select Documents
                        </Link>
                      </>
                    )}
                  </div>
                )
              ) : !hydrated ? (
                <p className="muted cm-nojs">The drawn map needs JavaScript; the lists below hold the same concepts and relationships.</p>
              ) : (
                <Suspense fallback={<div className="cm-graph cm-graph-loading">Drawing the map…</div>}>
                  <ConceptGraph key={campaignId} concepts={map.concepts} relationships={map.relationships} settings={map.settings} />
                </Suspense>
              )}
            </section>
          )}

          {map && map.concepts.length > 0 && (
            <ConceptLists concepts={map.concepts} relationships={map.relationships} minStrength={map.settings.min_strength} open={!hydrated} />
          )}

          {hydrated && (
            <>
              <Modal open={dialog === 'select'} title="Select Documents" onClose={() => setDialog(null)} testId="select-documents-modal">
                <DocumentPicker
                  campaignId={campaignId}
                  documents={documents}
                  selected={selected}
                  live
                  busy={busy}
                  hasMap={hasMap}
                  error={generation.state.error}
                  presetHref={(preset) => mapHref(campaignId, { select: '1', preset })}
                  cancelHref={mapHref(campaignId)}
                  onToggle={(id, checked) =>
                    setSelected((current) => {
                      const next = new Set(current);
                      if (checked) next.add(id);
                      else next.delete(id);
                      return next;
                    })
                  }
                  onSelectAll={() => setSelected(new Set(documents.filter((d) => d.status === 'ready').map((d) => d.id)))}
                  onDeselectAll={() => setSelected(new Set())}
                  onSubmit={generate}
                  onCancel={() => setDialog(null)}
                />
              </Modal>
              <Modal open={dialog === 'settings'} title="Settings" onClose={() => setDialog(null)} testId="settings-modal">
                {dialog === 'settings' && map && (
                  <SettingsForm
                    campaignId={campaignId}
                    settings={map.settings}
                    live
                    busy={settingsBusy}
                    error={settingsError}
                    cancelHref={mapHref(campaignId)}
                    onSubmit={saveSettings}
                    onCancel={() => setDialog(null)}
                  />
                )}
              </Modal>
            </>
          )}
        </>
      )}
    </main>
  );
}

function Modal({ open, title, onClose, testId, children }: { open: boolean; title: string; onClose(): void; testId: string; children: React.ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const id = useMemo(() => `cm-modal-${testId}`, [testId]);
  return (
    <dialog ref={ref} className="modal cm-modal" aria-labelledby={id} onClose={onClose} data-testid={testId}>
      <div className="modal-header">
        <h2 id={id}>{title}</h2>
        <button type="button" className="close-button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}
