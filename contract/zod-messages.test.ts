import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { campaignFieldsSchema } from './campaigns';
import { describeZodError, isZodError } from './zod-messages';

describe('a zod failure', () => {
  it('is recognised and described from a classic schema and from a zod/mini one alike', () => {
    const classic = (() => {
      try {
        z.object({ query: z.string().min(1, 'Type a question') }).parse({ query: '' });
      } catch (error) {
        return error;
      }
    })();
    const mini = (() => {
      try {
        campaignFieldsSchema.parse({ name: '   ' });
      } catch (error) {
        return error;
      }
    })();
    expect(isZodError(classic) && describeZodError(classic)).toBe('query: Type a question');
    expect(isZodError(mini) && describeZodError(mini)).toBe('Campaign name is required');
    expect(isZodError(new Error('ZodError'))).toBe(false);
  });
});
