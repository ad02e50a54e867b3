/**
 * deploy/compose: two API instances of the root Dockerfile behind Caddy, their pool through PgBouncer in
 * transaction mode and their LISTEN straight to PostgreSQL, every secret from files kept out of git.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readImage } from './image';
import { COMPOSE_DIR, composeApis, composeFile, holdsSecret, envFile, probedHealthPath } from './manifests';

const image = readImage();
const compose = composeFile();
const services = compose.services as Record<string, Record<string, unknown> & { build?: unknown }>;
const apis = composeApis(compose);
const caddyfile = readFileSync(join(COMPOSE_DIR, 'Caddyfile'), 'utf8');
const example = envFile(join(COMPOSE_DIR, 'santap.env.example'));
const config = envFile(join(COMPOSE_DIR, 'config.env'));

describe('deploy/compose', () => {
  it("two API instances of the root Dockerfile, both upstreams of Caddy on the image's port", () => {
    expect(apis.map(([name]) => name)).toEqual(['api-1', 'api-2']);
    for (const [, service] of apis)
      expect(service.build).toEqual({ context: '../..', dockerfile: 'Dockerfile' });
    const [, upstreams = ''] = /reverse_proxy\s+([^{]+)\{/.exec(caddyfile) ?? [];
    expect(upstreams.trim().split(/\s+/)).toEqual(apis.map(([name]) => `${name}:${image.env.PORT}`));
    expect(caddyfile).toMatch(new RegExp(`health_uri\\s+${probedHealthPath()}\\n`));
  });

  it('the pool through PgBouncer in transaction mode, LISTEN and migrations straight to PostgreSQL', () => {
    const ini = readFileSync(join(COMPOSE_DIR, 'pgbouncer', 'pgbouncer.ini'), 'utf8');
    expect(ini).toMatch(/^pool_mode = transaction$/m);
    const [, port] = /^listen_port = (\d+)$/m.exec(ini) ?? [];
    expect(new URL(example.DATABASE_URL!).host).toBe(`pgbouncer:${port}`);
    expect(new URL(example.DATABASE_LISTEN_URL!).host).toBe('postgres:5432');
    expect(services.pgbouncer).toBeDefined();
    expect(services.postgres).toBeDefined();
  });

  it('no secret inline: none in compose.yaml or config.env, all from secrets/ (ignored by git)', () => {
    for (const [name, service] of Object.entries(services)) {
      const environment = (service.environment ?? {}) as Record<string, string>;
      for (const key of Object.keys(environment)) expect(holdsSecret(key), `${name}: ${key}`).toBe(false);
    }
    for (const key of Object.keys(config)) expect(holdsSecret(key), `config.env: ${key}`).toBe(false);
    for (const [, service] of apis) expect(service.env_file).toEqual(['config.env', 'secrets/santap.env']);
    const files = Object.values(compose.secrets as Record<string, { file: string }>).map((s) => s.file);
    expect(files.every((file) => file.startsWith('secrets/'))).toBe(true);
    expect(readFileSync(join(COMPOSE_DIR, '.gitignore'), 'utf8').split('\n')).toContain('secrets/');
    expect(services.postgres!.environment).toMatchObject({
      POSTGRES_PASSWORD_FILE: '/run/secrets/postgres_password',
    });
    // The example names what production requires, with placeholders only.
    expect(Object.keys(example)).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'DATABASE_LISTEN_URL', 'OTP_PEPPER', 'TABLE_TICKET_SECRET']),
    );
    expect(example.OTP_PEPPER).toMatch(/^[A-Z_0-9]+$/);
  });

  it("config.env -> PUBLIC_URL on Caddy's domain, one trusted proxy hop, the OTP senders named", () => {
    expect(new URL(config.PUBLIC_URL!).hostname).toBe(config.SANTAP_DOMAIN);
    expect(caddyfile).toContain('{$SANTAP_DOMAIN}');
    expect(config.TRUST_PROXY).toBe('1');
    expect(config.OTP_SENDERS).toBeTruthy();
  });
});
