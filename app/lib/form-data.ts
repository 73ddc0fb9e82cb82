/**
 * The request's form, or an empty one when the body is not a readable form (JSON, broken
 * multipart): the action then answers its usual "field missing" error, a 4xx, never a 500.
 */
export async function readFormOrEmpty(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}
