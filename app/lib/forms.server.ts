import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';

/** Server side: the form's fields checked against its schema (the same parse the browser runs once its schema is loaded, forms.ts). */
export const parseForm = <Schema extends z.ZodType>(form: FormData, schema: Schema) => parseWithZod(form, { schema });
