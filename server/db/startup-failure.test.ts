import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { explainStartupFailure, freeBytesAt, LOW_SPACE_BYTES } from './startup-failure';

describe('why the embedded database did not start', () => {
  const pgliteSays = new Error('PGlite failed to initialize properly');

  it('names a full disk, with the free space and what to do', () => {
    const explained = explainStartupFailure(pgliteSays, '/data', 3 * 1024 * 1024) as Error;
    expect(explained.message).toBe(
      'The embedded database in /data could not start: the disk holding it has only 3.0 MB of free space. ' +
        'Free some disk space (or point DATA_DIR at a larger disk) and start the server again; nothing stored was lost.',
    );
    expect(explained.cause).toBe(pgliteSays);
  });

  it('names a write the database refused as disk full, whatever the free space reads', () => {
    const refused = Object.assign(new Error('could not write'), { code: '53100' });
    expect((explainStartupFailure(refused, '/data', null) as Error).message).toContain('has no free space');
  });

  it('passes any other failure on unchanged', () => {
    expect(explainStartupFailure(pgliteSays, '/data', LOW_SPACE_BYTES * 10)).toBe(pgliteSays);
    expect(explainStartupFailure(pgliteSays, '/data', null)).toBe(pgliteSays);
  });

  it('reads the free space of the nearest folder that exists', () => {
    const free = freeBytesAt(`${os.tmpdir()}/tomekeeper-not-made-yet/data`);
    expect(free).toBeGreaterThan(0);
  });
});
