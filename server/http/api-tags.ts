/** The areas the /api operations are grouped by in /api/openapi.json (each route names one), with what each holds. */
const API_TAG_DESCRIPTIONS = {
  meta: 'Health and the API description itself',
  auth: 'Accounts and sessions: register, log in, log out, who am I',
  usage: "This month's AI spending against the budget",
  campaigns: 'Campaigns and the Knowledge Tomes linked to them',
  datasets: 'Knowledge Tomes (datasets) and their documents and files',
  jobs: 'Background processing: ingest and generation progress',
  timeline: "A campaign's timeline, its calendar and events proposed from session notes",
  sessions: "A campaign's sessions: their dates, notes (GM blocks kept from players) and the events proposed from them",
  chat: 'Ask the assistant about a campaign or one document',
  content: 'Generate characters, locations, missions and lore, and save them to a tome',
  'campaign documents': "A campaign's documents as the caller may read them, and showing a document to players",
  seats: 'Players at a campaign: invites, members, the campaign budget and private notes',
  'concept map': "The people, places and things of a campaign's documents and how they relate",
};

export const API_TAGS = Object.entries(API_TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description }));
