import { expect, signIn, test } from './fixtures';

// Every page action (the Remix forms) with the malformed inputs of the API fuzz suite, signed
// in and not: the answer is a redirect, a form error or a 4xx, never a 5xx.
const ACTIONS = ['/login', '/register', '/logout', '/dashboard', '/assistant', '/content', '/concept-map', '/timeline', '/timeline/calendar', '/timeline/proposals'];
const FIELDS = [
  'intent',
  'name',
  'description',
  'username',
  'password',
  'email',
  'registration_code',
  'redirectTo',
  'dataset_id',
  'document_id',
  'campaign_id',
  'message',
  'prompt',
  'title',
  'date',
  'event_id',
  'settings',
];
const INTENTS = [
  '',
  'create',
  'delete',
  'save',
  'generate',
  'revise',
  'settings',
  'link',
  'unlink',
  'upload',
  'register',
  'nonsense',
  'create-dataset',
  'update-tome',
  'upload-document',
  'create-campaign',
  'update-campaign',
  'link-tome',
  'generate-content',
  'revise-content',
  'save-content',
];

function forms(): Array<{ label: string; body: string | Buffer; type: string }> {
  const encoded = (value: string) => FIELDS.map((f) => `${f}=${value}`).join('&');
  const out: Array<{ label: string; body: string | Buffer; type: string }> = [];
  for (const intent of INTENTS) {
    const withIntent = (value: string) =>
      `intent=${intent}&` +
      FIELDS.filter((f) => f !== 'intent')
        .map((f) => `${f}=${value}`)
        .join('&');
    out.push({ label: `${intent}:nul`, body: withIntent('a%00b'), type: 'application/x-www-form-urlencoded' });
    out.push({ label: `${intent}:bad-utf8`, body: withIntent('%ED%A0%80%FF'), type: 'application/x-www-form-urlencoded' });
    out.push({ label: `${intent}:not-ids`, body: withIntent('not-a-uuid'), type: 'application/x-www-form-urlencoded' });
  }
  out.push({ label: 'huge', body: encoded('h'.repeat(60_000)), type: 'application/x-www-form-urlencoded' });
  out.push({ label: 'over-limit', body: 'name=' + 'o'.repeat(3 * 1024 * 1024), type: 'application/x-www-form-urlencoded' });
  out.push({ label: 'repeated', body: 'intent=create&intent=delete&name=a&name=b&name[]=c', type: 'application/x-www-form-urlencoded' });
  out.push({ label: 'deep-keys', body: `${'a['.repeat(500)}x${']'.repeat(500)}=1&intent=create`, type: 'application/x-www-form-urlencoded' });
  out.push({ label: 'json', body: JSON.stringify({ intent: 'create', name: { $gt: '' } }), type: 'application/json' });
  out.push({ label: 'deep-json', body: '['.repeat(5000) + ']'.repeat(5000), type: 'application/json' });
  out.push({ label: 'multipart-no-boundary', body: 'garbage', type: 'multipart/form-data' });
  out.push({
    label: 'multipart-truncated',
    body: '--XYZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload\r\n--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.md"\r\n\r\nhel',
    type: 'multipart/form-data; boundary=XYZ',
  });
  out.push({
    label: 'multipart-many-parts',
    body: Array.from({ length: 60 }, (_, i) => `--XYZ\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('') + '--XYZ--\r\n',
    type: 'multipart/form-data; boundary=XYZ',
  });
  return out;
}

test('no page action answers 5xx to malformed forms, signed in or not', async ({ page, playwright, baseURL }) => {
  test.setTimeout(300_000);
  // An account of its own: the malformed forms go to /logout too.
  await signIn(page);
  const anonymous = await playwright.request.newContext({ baseURL });
  const failures: string[] = [];
  try {
    for (const [who, request] of [
      ['signed in', page.request],
      ['anonymous', anonymous],
    ] as const) {
      for (const action of ACTIONS) {
        for (const form of forms()) {
          const response = await request.post(action, {
            data: form.body,
            headers: { 'content-type': form.type, origin: baseURL! },
            maxRedirects: 0,
            failOnStatusCode: false,
          });
          if (response.status() >= 500) failures.push(`${who} POST ${action} [${form.label}] -> ${response.status()}`);
          // /dashboard takes the upload limit (MAX_UPLOAD_MB: the no-JavaScript upload); every other form 2 MB.
          if (form.label === 'over-limit' && action !== '/dashboard') expect(response.status(), `${action} over the body limit`).toBe(413);
        }
      }
    }
  } finally {
    await anonymous.dispose();
  }
  expect(failures).toEqual([]);
});
