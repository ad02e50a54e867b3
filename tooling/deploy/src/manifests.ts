/**
 * The deployment's YAML as the checks read it: every document of deploy/kubernetes/*.yaml with its
 * file, and deploy/compose/compose.yaml (its anchors resolved).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { load, loadAll } from 'js-yaml';
import { REPO_ROOT } from './repo';

export const KUBERNETES_DIR = join(REPO_ROOT, 'deploy', 'kubernetes');
export const COMPOSE_DIR = join(REPO_ROOT, 'deploy', 'compose');

/** Parsed YAML, loosely typed: each check says what it expects of the fields it reads. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Yaml = any;

export type Manifest = { kind: string; metadata: { name: string }; spec?: Yaml; data?: Yaml };

export function kubernetesManifests(): Array<{ file: string; manifest: Manifest }> {
  return readdirSync(KUBERNETES_DIR)
    .filter((file) => /\.ya?ml$/.test(file))
    .sort()
    .flatMap((file) =>
      loadAll(readFileSync(join(KUBERNETES_DIR, file), 'utf8'))
        .filter((document) => document !== null && document !== undefined)
        .map((manifest) => ({ file, manifest: manifest as Manifest })),
    );
}

export function manifestOf(kind: string): Manifest {
  const found = kubernetesManifests().filter(({ manifest }) => manifest.kind === kind);
  if (found.length !== 1) throw new Error(`deploy/kubernetes holds ${found.length} ${kind}s, not one`);
  return found[0]!.manifest;
}

export function composeFile(): Yaml {
  return load(readFileSync(join(COMPOSE_DIR, 'compose.yaml'), 'utf8'));
}

/** The path the Deployment's readiness probe asks: the health path every part of the deployment uses. */
export function probedHealthPath(): string {
  const container = manifestOf('Deployment').spec.template.spec.containers[0];
  return container.readinessProbe.httpGet.path as string;
}

/**
 * A variable that holds a secret, by its name: keys, tokens, peppers, passwords, and the database URLs
 * (they carry the password).
 */
const SECRET_NAME = /SECRET|PEPPER|PASSWORD|TOKEN|_KEY$|_KEY_ID$|_SID$|^DATABASE_\w*URL$/;

/** Whether a variable holds a secret by its name; `*_FILE` names where one is, not the secret. */
export const holdsSecret = (name: string) => SECRET_NAME.test(name) && !name.endsWith('_FILE');

/** Compose's API instances: the services built from the root Dockerfile. */
export function composeApis(compose: Yaml): Array<[string, Yaml]> {
  return Object.entries(compose.services as Record<string, { build?: { dockerfile?: string } }>).filter(
    ([, service]) => typeof service.build === 'object' && service.build.dockerfile === 'Dockerfile',
  );
}

/** `KEY=value` lines of an env file (comments and blank lines skipped). */
export function envFile(path: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(path, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => {
        const at = line.indexOf('=');
        return [line.slice(0, at), line.slice(at + 1)];
      }),
  );
}
