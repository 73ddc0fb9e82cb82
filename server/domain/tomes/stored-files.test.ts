import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createTome, multipart, uploadFile } from '../../../tests/support/tome-upload';
import { attachStoredFile, FILE_PART_BYTES, readDocumentFile, storeFile } from './stored-files';

/** Text of `size` bytes whose every position is recognisable, so a misplaced byte shows. */
function numberedText(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  const line = (n: number) => `line ${String(n).padStart(7, '0')} of the long ledger\n`;
  let at = 0;
  for (let n = 0; at < size; n++) {
    const encoded = new TextEncoder().encode(line(n));
    bytes.set(encoded.subarray(0, size - at), at);
    at += encoded.length;
  }
  return bytes;
}

describe('uploads stored in parts', () => {
  let t: TestApp;
  let gm: { token: string; userId: string };
  let tome: string;
  const SIZE = FILE_PART_BYTES * 2 + 12_345;
  const original = numberedText(SIZE);

  beforeAll(async () => {
    t = await createTestApp();
    gm = await t.signUp();
    tome = await createTome(t, gm.token, 'Ledgers');
  });
  afterAll(async () => {
    await t.close();
  });

  const partsOf = async (documentId: string) =>
    (
      await t.services.db
        .selectFrom('document_file_parts as p')
        .innerJoin('document_files as f', 'f.id', 'p.file_id')
        .select(['p.part', sql<number>`length(p.bytes)`.as('length')])
        .where('f.document_id', '=', documentId)
        .orderBy('p.part')
        .execute()
    ).map((row) => Number(row.length));
  const allParts = async () => Number((await sql<{ n: string }>`select count(*) as n from document_file_parts`.execute(t.services.db)).rows[0].n);

  it('writes a file over several parts and serves it whole and in ranges that cross them', async () => {
    const upload = await uploadFile(t, gm.token, tome, 'ledger.txt', original);
    expect(upload.statusCode).toBe(202);
    const { document_id } = upload.json() as { document_id: string };
    expect(await partsOf(document_id)).toEqual([FILE_PART_BYTES, FILE_PART_BYTES, 12_345]);

    const url = `/api/datasets/${tome}/documents/${document_id}/file`;
    const whole = await t.app.inject({ method: 'GET', url, headers: bearer(gm.token) });
    expect(whole.statusCode).toBe(200);
    expect(Buffer.compare(whole.rawPayload, Buffer.from(original))).toBe(0);

    const across = { start: FILE_PART_BYTES - 100, end: FILE_PART_BYTES * 2 + 99 };
    const ranged = await t.app.inject({ method: 'GET', url, headers: { ...bearer(gm.token), range: `bytes=${across.start}-${across.end}` } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes ${across.start}-${across.end}/${SIZE}`);
    expect(Buffer.compare(ranged.rawPayload, Buffer.from(original.subarray(across.start, across.end + 1)))).toBe(0);

    const tail = await t.app.inject({ method: 'GET', url, headers: { ...bearer(gm.token), range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(Buffer.compare(tail.rawPayload, Buffer.from(original.subarray(SIZE - 10)))).toBe(0);

    for (const [start, length] of [
      [0, 1],
      [FILE_PART_BYTES, 1],
      [FILE_PART_BYTES - 1, 2],
      [SIZE - 1, 1],
      [3, SIZE - 3],
      [0, 0],
    ]) {
      const bytes = await readDocumentFile(t.services.db, gm.userId, document_id, { start, length });
      expect(Buffer.compare(Buffer.from(bytes!), Buffer.from(original.subarray(start, start + length)))).toBe(0);
    }
  });

  it('reads nothing of another user’s file', async () => {
    const upload = await uploadFile(t, gm.token, tome, 'secret.txt', new TextEncoder().encode('The vault key is under the third stair.'));
    const { document_id } = upload.json() as { document_id: string };
    const other = await t.signUp();
    expect(await readDocumentFile(t.services.db, other.userId, document_id)).toBeUndefined();
    const response = await t.app.inject({ method: 'GET', url: `/api/datasets/${tome}/documents/${document_id}/file`, headers: bearer(other.token) });
    expect(response.statusCode).toBe(404);
  });

  it('replacing a file removes the old parts; deleting the document removes the new ones', async () => {
    const upload = await uploadFile(t, gm.token, tome, 'replace-me.txt', numberedText(FILE_PART_BYTES + 1));
    const { document_id } = upload.json() as { document_id: string };
    const before = await allParts();
    const body = await multipart({ file: { filename: 'replace-me.txt', bytes: numberedText(100) }, update_existing: 'true', document_id });
    const replaced = await t.app.inject({
      method: 'PUT',
      url: `/api/datasets/${tome}/documents/${document_id}`,
      headers: { ...bearer(gm.token), ...body.headers },
      payload: body.payload,
    });
    expect(replaced.statusCode).toBe(202);
    expect(await partsOf(document_id)).toEqual([100]);
    expect(await allParts()).toBe(before - 1);
    const file = await t.app.inject({ method: 'GET', url: `/api/datasets/${tome}/documents/${document_id}/file`, headers: bearer(gm.token) });
    expect(Buffer.compare(file.rawPayload, Buffer.from(numberedText(100)))).toBe(0);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/datasets/${tome}/documents/${document_id}`, headers: bearer(gm.token) });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await allParts()).toBe(before - 2);
  });

  it('leaves no parts behind when the upload’s transaction fails, and clears a stale unattached file', async () => {
    const { db } = t.services;
    const before = await allParts();
    const fileId = await storeFile(db, gm.userId, 'text/plain', numberedText(FILE_PART_BYTES + 5));
    expect(await allParts()).toBe(before + 2);
    // The upload's transaction failing after its bytes were stored (here a trigger refuses the
    // document row, as a full disk would) removes the stored parts.
    await sql`create function refuse_document() returns trigger language plpgsql as $$
      begin if new.filename = 'refused.txt' then raise exception 'refused for the test'; end if; return new; end $$`.execute(db);
    await sql`create trigger refuse_document before insert on documents for each row execute function refuse_document()`.execute(db);
    try {
      const refused = await uploadFile(t, gm.token, tome, 'refused.txt', numberedText(FILE_PART_BYTES * 3));
      expect(refused.statusCode).toBe(500);
    } finally {
      await sql`drop trigger refuse_document on documents`.execute(db);
      await sql`drop function refuse_document()`.execute(db);
    }
    expect(await allParts()).toBe(before + 2);
    await expect(db.transaction().execute((trx) => attachStoredFile(trx, fileId, '00000000-0000-4000-8000-000000000000'))).rejects.toThrow();
    // An unattached file older than the grace period is removed by the owner's next upload.
    await db
      .updateTable('document_files')
      .set({ created_at: new Date(Date.now() - 2 * 3600_000) })
      .where('id', '=', fileId)
      .execute();
    const next = await uploadFile(t, gm.token, tome, 'next.txt', numberedText(10));
    expect(next.statusCode).toBe(202);
    expect(await allParts()).toBe(before + 1);
    expect(await db.selectFrom('document_files').select('id').where('id', '=', fileId).executeTakeFirst()).toBeUndefined();
  });
});
