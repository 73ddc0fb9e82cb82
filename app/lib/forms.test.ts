import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { campaignFieldsSchema } from '../../contract/campaigns';
import { campaignForm } from './form-schemas';
import { answered, type FormOptions, type FormReply, getFormProps, getInputProps, getTextareaProps, shownErrors, startState, useFormAnswered } from './forms';
import { parseForm } from './form-parse';

/** The campaign form as a screen draws it, with the hook's options. */
function CampaignFields(props: { actionData?: FormReply; options?: FormOptions }) {
  const [form, fields] = useFormAnswered(props.actionData, 'create-campaign', campaignForm, props.options ?? {});
  return h(
    'form',
    { method: 'post', ...getFormProps(form) },
    h('input', getInputProps(fields.name, { type: 'text' })),
    fields.name.errors && h('span', { id: fields.name.errorId }, fields.name.errors[0]),
    h('textarea', getTextareaProps(fields.description)),
    form.errors && h('p', { role: 'alert' }, form.errors[0]),
  );
}

/** The form's HTML as the server draws it: fresh, or after a post of `sent` that the action answered with `reply` (what a browser without JavaScript gets). */
function page(options?: FormOptions, reply?: (form: FormData) => FormReply, sent: Record<string, string> = { name: '  ', description: 'The heist goes wrong' }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(sent)) form.append(name, value);
  return renderToStaticMarkup(h(CampaignFields, { actionData: reply?.(form), options }));
}

describe('useSchemaForm', () => {
  it('draws a fresh form with its ids, its defaults (empty ones left out) and the schema’s constraints', () => {
    const html = page({ defaultValue: { name: 'Ember Crown', description: '' } });
    expect(html).toContain('<form method="post" id="create-campaign" novalidate="">');
    expect(html).toContain('<input required="" id="create-campaign-name" name="name" form="create-campaign" type="text" value="Ember Crown"/>');
    expect(html).toContain('<textarea id="create-campaign-description" name="description" form="create-campaign"></textarea>');
    expect(html).not.toContain('aria-invalid');
  });

  it('leaves the constraints out when asked, so the action answers an empty field', () => {
    expect(page({ constraint: false })).toContain('<input id="create-campaign-name" name="name" form="create-campaign" type="text"/>');
  });

  it('shows the action’s field errors in the form they came from, with the values that were sent', () => {
    const html = page(undefined, (form) => ({ intent: 'create-campaign', result: parseForm(form, campaignFieldsSchema).reply() }));
    expect(html).toContain(
      '<input required="" id="create-campaign-name" name="name" form="create-campaign" aria-invalid="true" aria-describedby="create-campaign-name-error" type="text" value="  "/>' +
        '<span id="create-campaign-name-error">Campaign name is required</span>',
    );
    expect(html).toContain('>The heist goes wrong</textarea>');
    expect(html).toContain('<form method="post" id="create-campaign" novalidate="">');
  });

  it('does not show another form’s reply', () => {
    const html = page(undefined, (form) => ({ intent: 'update-campaign', result: parseForm(form, campaignFieldsSchema).reply() }));
    expect(html).not.toContain('aria-invalid');
    expect(html).not.toContain('Campaign name is required');
  });

  it('shows a refusal of the whole form on the form, its fields left valid', () => {
    const html = page(undefined, (form) => ({ intent: 'create-campaign', result: parseForm(form, campaignFieldsSchema).reply({ formErrors: ['Taken'] }) }), {
      name: 'Ember Crown',
      description: '',
    });
    expect(html).toContain('<form method="post" id="create-campaign" novalidate="" aria-describedby="create-campaign-error">');
    expect(html).toContain('<p role="alert">Taken</p>');
    expect(html).toContain('value="Ember Crown"');
    expect(html).not.toContain('aria-invalid');
  });
});

describe('the form state', () => {
  it('counts every field the action read as checked, so its errors follow the input from then on', () => {
    const state = startState(
      'f',
      { status: 'error', initialValue: { name: '', description: 'd' }, error: { name: ['Required'], description: null }, fields: ['name', 'description'] },
      undefined,
    );
    expect(state.initial).toEqual({ description: 'd' });
    expect(state.errors).toEqual({ name: ['Required'] });
    expect(state.validated).toEqual({ name: true, description: true });
  });

  it('shows only the errors of the fields checked so far', () => {
    const all = { name: ['Required'], description: ['Too long'] };
    expect(shownErrors(all, { description: true })).toEqual({ description: ['Too long'] });
    expect(shownErrors(all, {})).toEqual({});
  });

  it('takes a new reply’s values and errors, and keeps what was checked before', () => {
    const before = { ...startState('f', undefined, { name: 'Old' }), validated: { description: true as const } };
    const after = answered(before, { status: 'error', initialValue: { name: 'x'.repeat(201) }, error: { name: ['Too long'] }, fields: ['name'] });
    expect(after.initial).toEqual({ name: 'x'.repeat(201) });
    expect(after.errors).toEqual({ name: ['Too long'] });
    expect(after.validated).toEqual({ name: true, description: true });
    expect(answered(before, undefined)).toBe(before);
  });
});
