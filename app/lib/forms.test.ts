import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { contentRequestForm, campaignForm } from './form-schemas';
import { firstPaintForm } from './forms';

type Options = Parameters<typeof useForm>[0];
type Metadata = ReturnType<typeof useForm>;

function formData(entries: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

/** Every piece of a form's metadata the app's forms render (ids, values, errors, constraints, keys). */
function Markup({ metadata: [form, fields] }: { metadata: Metadata }) {
  const show = (value: unknown) => JSON.stringify(value) ?? 'undefined';
  return h(
    'form',
    getFormProps(form),
    h('input', getInputProps(fields.name, { type: 'text' })),
    h('textarea', getTextareaProps(fields.description)),
    h('select', getSelectProps(fields.content_type), h('option', { value: 'lore' }, 'Lore'), h('option', { value: 'mission' }, 'Mission')),
    h('input', {
      key: fields.content_type.key,
      type: 'radio',
      name: fields.content_type.name,
      value: 'lore',
      defaultChecked: fields.content_type.initialValue === 'lore',
    }),
    h('textarea', getTextareaProps(fields.prompt)),
    h('span', { id: fields.name.errorId }, show(fields.name.errors)),
    h('span', { id: fields.prompt.errorId }, show(fields.prompt.errors)),
    h('output', null, show([form.id, form.errors, form.allErrors, form.status, form.valid])),
    h(
      'output',
      null,
      show([fields.name.value, fields.description.value, fields.content_type.value, fields.prompt.value, fields.campaign_id.value, fields.name.valid]),
    ),
    h('output', null, show([fields.name.required, fields.content_type.pattern, fields.prompt.maxLength, fields.name.formId, fields.name.descriptionId])),
  );
}

const WithConform = ({ options }: { options: Options }) => h(Markup, { metadata: useForm(options) });
const FirstPaint = ({ options }: { options: Options }) => h(Markup, { metadata: firstPaintForm(options) as unknown as Metadata });

describe("a form's first paint, before Conform is loaded", () => {
  const cases: Array<[string, () => Promise<Options>]> = [
    ['fresh, no defaults', async () => ({ id: 'fresh', constraint: campaignForm.constraint })],
    [
      'with defaults, an empty one among them',
      async () => ({ id: 'defaults', defaultValue: { name: 'Ember Crown', description: '', content_type: 'lore' }, constraint: contentRequestForm.constraint }),
    ],
    [
      "the action's field errors",
      async () => {
        const schema = await contentRequestForm.load();
        const lastResult = parseWithZod(formData({ campaign_id: 'c1', content_type: 'mission', prompt: '', name: 'kept' }), { schema }).reply();
        return { id: 'field-errors', lastResult, defaultValue: { content_type: 'lore', prompt: 'old' }, constraint: contentRequestForm.constraint };
      },
    ],
    [
      "the action's form error after a valid submission",
      async () => {
        const schema = await campaignForm.load();
        const lastResult = parseWithZod(formData({ name: 'Saltmere', description: '' }), { schema }).reply({ formErrors: ['The campaign could not be saved.'] });
        return { id: 'form-error', lastResult };
      },
    ],
  ];

  it.each(cases)('%s: the same markup as Conform draws', async (_name, options) => {
    const resolved = await options();
    const conform = renderToString(h(WithConform, { options: resolved }));
    expect(renderToString(h(FirstPaint, { options: resolved }))).toBe(conform);
  });

  it('the errors and values are really in the markup compared', async () => {
    const [, options] = cases[2];
    const html = renderToString(h(FirstPaint, { options: await options() }));
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('mission');
    expect(html).toContain('kept');
  });
});
