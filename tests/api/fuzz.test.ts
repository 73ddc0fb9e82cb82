import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../support/test-app';
import { multipart, uploadFile, waitForJob } from '../support/tome-upload';

// Every route in /api/openapi.json, with the classes of malformed input a hostile or broken
// client sends. Whatever it is, the answer is a 4xx (or a success), never a 5xx.
type Operation = { method: string; path: string; hasBody: boolean; bodyProps: string[] };

const deep = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { a: value, b: [value === 'bottom' ? 1 : 2] };
  return value;
};
const deepText = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

const BAD_STRINGS: Record<string, string> = {
  nul: 'a\u0000b',
  loneHigh: 'x\ud800y',
  loneLow: '\udc00',
  control: '\u0001\u0002\u001b[31m\r\n',
  huge: 'w'.repeat(300_000),
  unicode: '\u202e\ufeff\u{1F409}',
};

function bodiesFor(op: Operation): Array<{ label: string; payload: string; contentType: string }> {
  const props = op.bodyProps.length ? op.bodyProps : ['name', 'message', 'username'];
  const withAll = (value: unknown) => Object.fromEntries(props.map((p) => [p, value]));
  const json = (label: string, value: unknown) => ({ label, payload: JSON.stringify(value), contentType: 'application/json' });
  return [
    ...Object.entries(BAD_STRINGS).map(([label, value]) => json(`string:${label}`, withAll(value))),
    json('number', withAll(12345)),
    json('boolean', withAll(true)),
    json('null', withAll(null)),
    json('array', withAll(['a', 1, null])),
    json('object', withAll({ $gt: '' })),
    json('deep-field', withAll(deep(200))),
    json('top-level-array', [1, 2, 3]),
    json('top-level-string', 'hello'),
    json('top-level-null', null),
    json('proto', JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}')),
    { label: 'deep-nesting', payload: deepText(5000), contentType: 'application/json' },
    { label: 'broken-json', payload: '{"name": "x", ', contentType: 'application/json' },
    // A lone surrogate escaped in JSON text, and raw bytes that are not UTF-8.
    { label: 'escaped-surrogate', payload: `{${props.map((p) => `"${p}":"\\ud800"`).join(',')}}`, contentType: 'application/json' },
    {
      label: 'invalid-utf8',
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]).toString('latin1'),
      contentType: 'application/json',
    },
    { label: 'wrong-type', payload: 'name=x&message=y', contentType: 'application/x-www-form-urlencoded' },
    { label: 'text', payload: 'hello', contentType: 'text/plain' },
    { label: 'multipart-no-boundary', payload: 'garbage', contentType: 'multipart/form-data' },
    {
      label: 'multipart-truncated',
      payload: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.md"\r\n\r\nhello',
      contentType: 'multipart/form-data; boundary=XYZ',
    },
    {
      label: 'multipart-bad-headers',
      payload: '--XYZ\r\nContent-Disposition: form-data; name\r\n\r\nx\r\n--XYZ--\r\n',
      contentType: 'multipart/form-data; boundary=XYZ',
    },
    {
      label: 'multipart-many-fields',
      payload: Array.from({ length: 50 }, (_, i) => `--XYZ\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('') + '--XYZ--\r\n',
      contentType: 'multipart/form-data; boundary=XYZ',
    },
  ];
}

describe('fuzzing every /api route', () => {
  let t: TestApp;
  let token = '';
  let operations: Operation[] = [];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ workers: true });
    ({ token } = await t.signUp());
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } }>>;
    };
    operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, spec]) => {
          const schema = spec.requestBody?.content?.['application/json']?.schema;
          return { method: method.toUpperCase(), path, hasBody: !!spec.requestBody, bodyProps: Object.keys(schema?.properties ?? {}) };
        }),
      );
    // Real resources of this user, so the deeper code runs too.
    const tome = await t.app.inject({ method: 'POST', url: '/api/datasets', headers: bearer(token), payload: { name: 'Fuzz', description: '' } });
    ids.dataset = tome.json().id;
    const upload = await uploadFile(t, token, ids.dataset, 'fuzz.md', new TextEncoder().encode('# Fuzz\n\nThe old keep stands.'));
    ids.document = upload.json().document_id;
    ids.job = upload.json().job_id;
    await waitForJob(t, token, ids.job);
    const campaign = await t.app.inject({ method: 'POST', url: '/api/campaigns', headers: bearer(token), payload: { name: 'Fuzz', description: '' } });
    ids.campaign = campaign.json().id;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  const fill = (path: string, value?: string) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (value !== undefined) return value;
      if (name === 'docId') return ids.document;
      if (name === 'jobId') return ids.job;
      if (name === 'datasetId') return ids.dataset;
      if (name === 'id') return path.startsWith('/api/campaigns') ? ids.campaign : ids.dataset;
      return '00000000-0000-4000-8000-000000000000';
    });

  it('finds the routes in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(30);
  });

  it('never answers 5xx to malformed bodies, on any route, signed in or not', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      if (op.method === 'GET' || op.method === 'DELETE') continue;
      for (const body of bodiesFor(op)) {
        for (const auth of [bearer(token), {}]) {
          const response = await t.app.inject({
            method: op.method as 'POST',
            url: fill(op.path),
            headers: { ...auth, 'content-type': body.contentType },
            payload: body.payload,
          });
          if (response.statusCode >= 500) failures.push(`${op.method} ${op.path} [${body.label}] -> ${response.statusCode} ${response.body.slice(0, 120)}`);
          else if (response.statusCode >= 400) expect(response.json().error, `${op.method} ${op.path} [${body.label}]`).toEqual(expect.any(String));
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('never answers 5xx to malformed path parameters and query strings', async () => {
    const failures: string[] = [];
    const badParams = ['%00', '%ED%A0%80', 'not-a-uuid', '..%2F..%2Fetc', 'x'.repeat(5000), '00000000-0000-4000-8000-000000000000'];
    const badQueries = ['?q=%00&limit=abc&page=-1', '?page=%ED%A0%80&inline=%00', `?q=${'z'.repeat(20_000)}`, '?limit=1e309&offset[]=1', '?token=%00'];
    for (const op of operations) {
      const urls = [...(op.path.includes('{') ? badParams.map((p) => fill(op.path, p)) : []), ...badQueries.map((q) => fill(op.path) + q)];
      for (const url of urls) {
        const response = await t.app.inject({
          method: op.method as 'GET',
          url,
          headers: { ...bearer(token), ...(op.hasBody ? { 'content-type': 'application/json' } : {}) },
          ...(op.hasBody ? { payload: '{}' } : {}),
        });
        if (response.statusCode >= 500) failures.push(`${op.method} ${url.slice(0, 120)} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers an upload larger than the limit with 413 and a clear message', async () => {
    const body = await multipart({ file: { filename: 'big.md', bytes: new Uint8Array(3 * 1024 * 1024).fill(97) } });
    const small = await createTestApp({ env: { MAX_UPLOAD_MB: '1' } });
    try {
      const user = await small.signUp();
      const tome = await small.app.inject({ method: 'POST', url: '/api/datasets', headers: bearer(user.token), payload: { name: 'Big', description: '' } });
      const response = await small.app.inject({
        method: 'POST',
        url: `/api/datasets/${tome.json().id}/documents`,
        headers: { ...bearer(user.token), ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toMatch(/larger than/);
    } finally {
      await small.close();
    }
  }, 120_000);
});
