/** The areas the /api operations are grouped by in /api/openapi.json (each route names one). */
export const API_TAGS = [
  { name: 'meta', description: 'Health and the API description itself' },
  { name: 'auth', description: 'Accounts and sessions: register, log in, log out, who am I' },
  { name: 'usage', description: "This month's AI spending against the budget" },
  { name: 'campaigns', description: 'Campaigns and the Knowledge Tomes linked to them' },
  { name: 'datasets', description: 'Knowledge Tomes (datasets) and their documents and files' },
  { name: 'jobs', description: 'Background processing: ingest and generation progress' },
  { name: 'timeline', description: "A campaign's timeline, its calendar and events proposed from session notes" },
  { name: 'chat', description: 'Ask the assistant about a campaign or one document' },
  { name: 'content', description: 'Generate characters, locations, missions and lore, and save them to a tome' },
  { name: 'campaign documents', description: "A campaign's documents as the caller may read them, and showing a document to players" },
  { name: 'seats', description: 'Players at a campaign: invites, members, the campaign budget and private notes' },
  { name: 'concept map', description: "The people, places and things of a campaign's documents and how they relate" },
];
