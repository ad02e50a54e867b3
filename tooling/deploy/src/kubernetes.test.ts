/**
 * deploy/kubernetes as a rolling update needs it: two or more pods probed on the server's health
 * path, never one taken away before its replacement is ready, non-root, sized, and every secret from a
 * Secret. The grace period against the server's shutdown: graceful-stop.test.ts.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { readImage, sourceOf } from './image';
import { KUBERNETES_DIR, holdsSecret, kubernetesManifests, manifestOf, probedHealthPath } from './manifests';
import { REPO_ROOT } from './repo';

const image = readImage();
const deployment = manifestOf('Deployment');
const pod = deployment.spec.template.spec;
const container = pod.containers[0];
const podLabels = deployment.spec.template.metadata.labels as Record<string, string>;
const healthPath = probedHealthPath();

/** Kubernetes quantities in one unit: CPU in millicores, memory in MiB. */
const millicores = (cpu: string | number) =>
  typeof cpu === 'number' ? cpu * 1000 : cpu.endsWith('m') ? Number(cpu.slice(0, -1)) : Number(cpu) * 1000;
const mebibytes = (memory: string) => {
  const [, value, unit] = /^(\d+)(Mi|Gi)$/.exec(memory) ?? [];
  if (!value) throw new Error(`memory ${memory}: write it in Mi or Gi`);
  return Number(value) * (unit === 'Gi' ? 1024 : 1);
};
const selects = (selector: Record<string, string>) =>
  Object.entries(selector).every(([key, value]) => podLabels[key] === value);

describe('deploy/kubernetes', () => {
  it('the Deployment -> 2+ replicas, a rolling update with maxUnavailable 0 and a surge', () => {
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(deployment.spec.strategy.type).toBe('RollingUpdate');
    expect([0, '0%']).toContain(deployment.spec.strategy.rollingUpdate.maxUnavailable);
    expect(deployment.spec.strategy.rollingUpdate.maxSurge).toBeGreaterThanOrEqual(1);
    expect(selects(deployment.spec.selector.matchLabels)).toBe(true);
  });

  it("its probes -> the image's health path on the container's port (the image's PORT)", () => {
    const port = container.ports.find((p: { name: string }) => p.name === 'http');
    expect(String(port.containerPort)).toBe(image.env.PORT);
    for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
      expect(container[probe]?.httpGet, probe).toEqual({ path: healthPath, port: 'http' });
    }
    // The image's HEALTHCHECK asks the same path (and the entrypoint test asks the running server).
    const healthcheck = readFileSync(join(REPO_ROOT, sourceOf(image, image.healthcheck[1]!)!), 'utf8');
    expect(healthcheck).toContain(`${healthPath}\``);
    // A pod is restarted later than it is taken out of the Service.
    const outAfter = container.readinessProbe.periodSeconds * container.readinessProbe.failureThreshold;
    const restartAfter = container.livenessProbe.periodSeconds * container.livenessProbe.failureThreshold;
    expect(restartAfter).toBeGreaterThan(outAfter);
  });

  it("its security -> non-root as the image's user, no privilege escalation, no capabilities", () => {
    const [uid] = image.user.split(':');
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: Number(uid) });
    expect(container.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
    // A read-only root: the server's DATA_DIR and /tmp are volumes.
    const mounts = container.volumeMounts.map((mount: { mountPath: string }) => mount.mountPath);
    expect(mounts).toEqual(expect.arrayContaining([image.env.DATA_DIR, '/tmp']));
  });

  it('its resources -> requests within limits, V8 heap under the memory limit', () => {
    const { requests, limits } = container.resources;
    expect(millicores(requests.cpu)).toBeLessThanOrEqual(millicores(limits.cpu));
    expect(mebibytes(requests.memory)).toBeLessThanOrEqual(mebibytes(limits.memory));
    const heap = container.env.find((e: { name: string }) => e.name === 'NODE_OPTIONS')?.value ?? '';
    const [, oldSpace] = /--max-old-space-size=(\d+)/.exec(heap) ?? [];
    expect(Number(oldSpace)).toBeGreaterThan(0);
    expect(Number(oldSpace)).toBeLessThan(mebibytes(limits.memory));
  });

  it('every secret -> from a Secret by reference: none inline, no Secret object in the folder', () => {
    for (const { name, value, valueFrom } of container.env as Array<{
      name: string;
      value?: string;
      valueFrom?: { secretKeyRef?: unknown };
    }>) {
      if (holdsSecret(name)) {
        expect(value, name).toBeUndefined();
        expect(valueFrom?.secretKeyRef, name).toBeDefined();
      }
    }
    const fromSecrets = container.env
      .filter((e: { valueFrom?: { secretKeyRef?: unknown } }) => e.valueFrom?.secretKeyRef)
      .map((e: { name: string }) => e.name);
    expect(fromSecrets).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'DATABASE_LISTEN_URL', 'OTP_PEPPER', 'TABLE_TICKET_SECRET']),
    );
    const manifests = kubernetesManifests().map(({ manifest }) => manifest);
    expect(manifests.filter((manifest) => manifest.kind === 'Secret')).toEqual([]);
    for (const configMap of manifests.filter((manifest) => manifest.kind === 'ConfigMap')) {
      for (const [key, value] of Object.entries(configMap.data as Record<string, string>)) {
        expect(holdsSecret(key), key).toBe(false);
        expect(value, key).not.toMatch(/:\/\/[^/@\s]+:[^/@\s]+@/);
      }
    }
  });

  it("the Service, Ingress and PodDisruptionBudget -> the Deployment's pods and port", () => {
    const service = manifestOf('Service');
    expect(selects(service.spec.selector)).toBe(true);
    expect(service.spec.ports.map((p: { targetPort: string }) => p.targetPort)).toEqual(['http']);
    const ingress = manifestOf('Ingress');
    const backend = ingress.spec.rules[0].http.paths[0].backend.service;
    expect(backend).toEqual({ name: service.metadata.name, port: { name: service.spec.ports[0].name } });
    const host = ingress.spec.rules[0].host;
    expect(ingress.spec.tls[0].hosts).toContain(host);
    expect(new URL(manifestOf('ConfigMap').data.PUBLIC_URL).hostname).toBe(host);
    const budget = manifestOf('PodDisruptionBudget');
    expect(selects(budget.spec.selector.matchLabels)).toBe(true);
    // A drain must stay possible: the budget leaves at least one pod to evict.
    expect(budget.spec.minAvailable).toBeGreaterThanOrEqual(1);
    expect(budget.spec.minAvailable).toBeLessThan(deployment.spec.replicas);
  });

  it('kustomization.yaml -> every manifest of the folder', () => {
    const kustomization = load(readFileSync(join(KUBERNETES_DIR, 'kustomization.yaml'), 'utf8')) as {
      resources: string[];
      images: Array<{ name: string }>;
    };
    const files = readdirSync(KUBERNETES_DIR).filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml');
    expect([...kustomization.resources].sort()).toEqual(files.sort());
    expect(kustomization.images.map((i) => i.name)).toContain(container.image);
  });
});
