import fs from 'node:fs';

/** Each run has its own embedded database folder (see playwright.config.ts); remove it after. */
export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('tomekeeper-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
}
