/**
 * A stopped instance gets the time its graceful shutdown takes (apps/api/src/main.ts: stop accepting,
 * finish what is in flight, exit 0): the longest request waits at most PAYMENT_TIMEOUT_MS on a
 * payment gateway. Kubernetes adds the preStop sleep before SIGTERM, within the same grace period.
 */
import { describe, expect, it } from 'vitest';
import { PAYMENT_TIMEOUT_MS } from '@santap/api/testing';
import { composeApis, composeFile, manifestOf } from './manifests';

/** Time for the server to close its sockets and the database after the last request. */
const CLOSING_S = 5;
const seconds = (duration: string) => {
  const [, value, unit] = /^(\d+)(s|m)$/.exec(duration) ?? [];
  if (!value) throw new Error(`duration ${duration}: write it in s or m`);
  return Number(value) * (unit === 'm' ? 60 : 1);
};

describe('the grace period of a stopping instance', () => {
  it('Kubernetes: terminationGracePeriodSeconds > preStop sleep + the longest request + closing', () => {
    const pod = manifestOf('Deployment').spec.template.spec;
    const preStop = pod.containers[0].lifecycle.preStop.exec.command as string[];
    expect(preStop[0]).toBe('sleep');
    const sleep = Number(preStop[1]);
    expect(sleep).toBeGreaterThanOrEqual(5);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(sleep + PAYMENT_TIMEOUT_MS / 1000 + CLOSING_S);
  });

  it('Compose: stop_grace_period of each API instance > the longest request + closing', () => {
    const apis = composeApis(composeFile()).map(([, service]) => service as { stop_grace_period?: string });
    expect(apis.length).toBeGreaterThan(0);
    for (const api of apis) {
      expect(seconds(api.stop_grace_period ?? '10s')).toBeGreaterThan(PAYMENT_TIMEOUT_MS / 1000 + CLOSING_S);
    }
  });
});
