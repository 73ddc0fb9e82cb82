import { getZodConstraint } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import {
  acceptProposalForm,
  apiTokenForm,
  campaignForm,
  contentRequestForm,
  contentRevisionForm,
  contentSaveForm,
  documentQuestionForm,
  eventForm,
  inviteCodeForm,
  inviteForm,
  loginForm,
  passwordChangeForm,
  passwordResetForm,
  registerForm,
  requestAccessForm,
  noteForm,
  sessionForm,
  tomeForm,
} from './form-schemas';

describe('the forms the browser checks', () => {
  it.each(
    Object.entries({
      apiTokenForm,
      inviteForm,
      campaignForm,
      tomeForm,
      contentRequestForm,
      contentRevisionForm,
      contentSaveForm,
      sessionForm,
      noteForm,
      documentQuestionForm,
      loginForm,
      requestAccessForm,
      registerForm,
      passwordChangeForm,
      passwordResetForm,
      inviteCodeForm,
      eventForm,
      acceptProposalForm,
    }),
  )('%s renders the constraints its schema gives', async (_name, form) => {
    expect(form.constraint).toEqual(getZodConstraint(await form.load()));
  });
});
