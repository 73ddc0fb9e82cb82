import fs from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

// The deployment files at the root, parsed as the platforms parse them (no Docker engine, Fly or
// Render account here) and held to what the image and the server do.
const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const dockerfile = read('Dockerfile');
const imagePort = Number(/^\s*PORT=(\d+)/m.exec(dockerfile)?.[1]);
const imageDataDir = /^\s*DATA_DIR=(\S+)/m.exec(dockerfile)?.[1];
/** Compose's default for the database password, as written in compose.yaml. */
const PASSWORD_SETTING = ['$', '{POSTGRES_PASSWORD:-tomekeeper}'].join('');

describe('deployment files', () => {
  it('the image: a port, a data folder, a health check and a user other than root', () => {
    expect(imagePort).toBe(3000);
    expect(dockerfile).toMatch(new RegExp(`^EXPOSE ${imagePort}$`, 'm'));
    expect(imageDataDir).toBe('/data');
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\/api\/health/m);
    const users = [...dockerfile.matchAll(/^USER (\S+)$/gm)].map((match) => match[1]);
    expect(users.at(-1)).toBe('node');
    expect(dockerfile).toMatch(new RegExp(`chown node:node ${imageDataDir}`));
  });

  it('fly.toml: the image, its port and health check, a volume at the data folder, one proxy hop, a stop within 5 s', () => {
    const fly = parseToml(read('fly.toml')) as Record<string, any>;
    expect(fly.build.dockerfile).toBe('Dockerfile');
    expect(fly.http_service.internal_port).toBe(imagePort);
    expect(fly.http_service.checks[0]).toMatchObject({ method: 'GET', path: '/api/health' });
    expect(fly.mounts).toEqual([expect.objectContaining({ destination: imageDataDir })]);
    expect(fly.env).toMatchObject({ DATA_DIR: imageDataDir, TRUST_PROXY: '1' });
    expect(fly.kill_signal).toBe('SIGTERM');
    expect(fly.kill_timeout).toBe('5s');
  });

  it('render.yaml: a Docker web service with a disk at the data folder, its health check and two proxy hops', () => {
    const render = parseYaml(read('render.yaml')) as { services: Record<string, any>[] };
    expect(render.services).toHaveLength(1);
    const [web] = render.services;
    expect(web).toMatchObject({ type: 'web', runtime: 'docker', dockerfilePath: './Dockerfile', healthCheckPath: '/api/health' });
    expect(web.disk.mountPath).toBe(imageDataDir);
    const env = Object.fromEntries(web.envVars.map((v: { key: string; value?: string }) => [v.key, v.value]));
    expect(env).toMatchObject({ DATA_DIR: imageDataDir, TRUST_PROXY: '2' });
    // Secrets are asked for, never committed.
    for (const secret of web.envVars.filter((v: { key: string }) => v.key.endsWith('_API_KEY'))) expect(secret).toEqual({ key: secret.key, sync: false });
  });

  it('compose.yaml: the app on Postgres with pgvector, health checks on both, the app waiting for the database', () => {
    const compose = parseYaml(read('compose.yaml')) as { services: Record<string, any>; volumes: Record<string, unknown> };
    const { app, db } = compose.services;
    expect(app.build).toBe('.');
    expect(app.ports).toEqual([`\${PORT:-3000}:${imagePort}`]);
    expect(app.depends_on).toEqual({ db: { condition: 'service_healthy' } });
    expect(app.healthcheck.test.join(' ')).toContain(`http://127.0.0.1:${imagePort}/api/health`);
    expect(db.image).toMatch(/^pgvector\/pgvector:pg1[5-9]$/);
    expect(db.healthcheck.test.join(' ')).toContain('pg_isready');
    // The app's DATABASE_URL names the database the Postgres container creates, with its user and password.
    const url = new URL(app.environment.DATABASE_URL.replace(PASSWORD_SETTING, 'secret'));
    expect(url.hostname).toBe('db');
    expect(url.username).toBe(db.environment.POSTGRES_USER);
    expect(url.pathname).toBe(`/${db.environment.POSTGRES_DB}`);
    expect(db.environment.POSTGRES_PASSWORD).toBe(PASSWORD_SETTING);
    // The database's files on a named volume.
    const [volume, mountedAt] = db.volumes[0].split(':');
    expect(Object.keys(compose.volumes)).toContain(volume);
    expect(mountedAt).toBe('/var/lib/postgresql/data');
  });
});
