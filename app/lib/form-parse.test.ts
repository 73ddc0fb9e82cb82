import { describe, expect, it } from 'vitest';
import { campaignFieldsSchema } from '../../contract/campaigns';
import { contentRequestSchema, contentSaveSchema } from '../../contract/content-forms';
import { parseForm } from './form-parse';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe('parseForm, the one parse of the actions and the browser', () => {
  it('counts an empty field as not given, so a default applies, and trims what was typed', () => {
    const submission = parseForm(form({ intent: 'create-campaign', name: '  Emberfall  ', description: '' }), campaignFieldsSchema);
    expect(submission.status).toBe('success');
    expect(submission.status === 'success' && submission.value).toEqual({ name: 'Emberfall', description: '' });
  });

  it("answers each field's own message by its name, and keeps the values sent for the reply", () => {
    const submission = parseForm(form({ name: '   ', description: 'x'.repeat(5001) }), campaignFieldsSchema);
    expect(submission.status).toBe('error');
    const reply = submission.reply();
    expect(reply.error).toEqual({
      name: ['Campaign name is required'],
      description: ['Description is too long (5000 characters at most)'],
    });
    expect(reply.initialValue).toMatchObject({ name: '   ' });
    expect(parseForm(form({}), campaignFieldsSchema).reply().error).toEqual({ name: ['Campaign name is required'] });
  });

  it('gives the content forms their messages, a tampered choice and a filename with nothing left included', () => {
    const request = parseForm(
      form({ campaign_id: 'c', content_type: 'dragon', character_format: 'poem', primary_dataset_id: '', prompt: 'A smith' }),
      contentRequestSchema,
    );
    expect(request.reply().error).toEqual({
      content_type: ['Choose what to create.'],
      character_format: ['Choose a character format: narrative or stats.'],
      primary_dataset_id: [expect.any(String)],
    });
    const save = parseForm(
      form({ campaign_id: 'c', content_type: 'lore', primary_dataset_id: 'd', conversation_id: 'v', dataset_id: 'd', filename: '../..' }),
      contentSaveSchema,
    );
    expect(Object.keys(save.reply().error ?? {})).toEqual(['filename']);
  });
});
