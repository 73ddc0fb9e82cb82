import { getZodConstraint } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { campaignForm, contentRequestForm, contentRevisionForm, contentSaveForm, noteForm, sessionForm, tomeForm } from './form-schemas';

describe('the forms the browser checks', () => {
  it.each(Object.entries({ campaignForm, tomeForm, contentRequestForm, contentRevisionForm, contentSaveForm, sessionForm, noteForm }))(
    '%s renders the constraints its schema gives',
    async (_name, form) => {
      expect(form.constraint).toEqual(getZodConstraint(await form.load()));
    },
  );
});
