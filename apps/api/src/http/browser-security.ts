/**
 * Browser hardening of every reply (OWASP ASVS 5.0 §3.4, the Secure Headers project): a strict
 * Content-Security-Policy, frame-ancestors 'none' (no page of ours, kiosk and payment pages included,
 * can be framed), nosniff, Referrer-Policy strict-origin-when-cross-origin, and HSTS on HTTPS.
 * `@fastify/helmet` writes the headers; this module decides the policy. Why each source is allowed:
 * `apps/api/README.md` ("Browser hardening").
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { MapTiles } from '@santap/contract';
import type { PaymentConfig } from '../services/adapters/payments/config';
import { gatewayOrigins } from '../services/adapters/payments/registry';

/** HSTS: one year, subdomains (mall hosts) included. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * `'sha256-…'` sources of the inline scripts a page runs: `<script>` elements without `src` whose type
 * is JavaScript (none, `module`, `text/javascript`). Data blocks (`type="application/json"`, the
 * early replies) are never run, so CSP does not apply to them and they need no hash.
 *
 * @example inlineScriptHashes('<script>alert(1)</script>') // ["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"]
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && !['module', 'text/javascript', 'application/javascript'].includes(type)) continue;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return [...hashes];
}

/** The hashes of the inline scripts of each built app's `index.html` (folders without a build are skipped). */
export function builtAppScriptHashes(roots: readonly (string | undefined)[]): string[] {
  const hashes = new Set<string>();
  for (const root of roots) {
    const file = root ? join(root, 'index.html') : undefined;
    if (file && existsSync(file))
      for (const hash of inlineScriptHashes(readFileSync(file, 'utf8'))) hashes.add(hash);
  }
  return [...hashes];
}

/**
 * The CSP source of a tile URL template: its origin, a `{s}` subdomain as `*`
 * (`https://{s}.tile.example.org/{z}/{x}/{y}.png` -> `https://*.tile.example.org`).
 */
export function tileSource(template: string): string | undefined {
  try {
    const url = new URL(template.replace('{s}', 'subdomain-placeholder').replace(/\{-?[a-z]+\}/gi, '0'));
    return `${url.protocol}//${url.host.replace('subdomain-placeholder', '*')}`;
  } catch {
    return undefined;
  }
}

/** Where a payment form may go: our own pages and the hosted pages of the configured gateways. */
export function gatewaySources(payments: PaymentConfig | undefined): string[] {
  return gatewayOrigins(payments);
}

export interface BrowserSecurityOptions {
  /** Hashes of the inline scripts the served pages run ({@link builtAppScriptHashes}). */
  scriptHashes: readonly string[];
  mapTiles?: MapTiles | undefined;
  payments?: PaymentConfig | undefined;
  /** The public URL: HSTS and upgrade-insecure-requests when it is https. */
  publicUrl: string;
}

/** The CSP directives (helmet's `contentSecurityPolicy.directives`). */
export function cspDirectives(options: BrowserSecurityOptions): Record<string, string[]> {
  const tiles = options.mapTiles ? tileSource(options.mapTiles.url) : undefined;
  const https = options.publicUrl.startsWith('https:');
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...options.scriptHashes],
    // React and Leaflet set styles through the CSSOM (allowed); index.html and the simulator page carry a
    // <style> block. Style injection cannot run code, so inline styles stay allowed rather than hashed.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    'font-src': ["'self'", 'data:'],
    // 'self' covers the websocket of the same host (CSP Level 3).
    'connect-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'", ...gatewaySources(options.payments)],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Registers @fastify/helmet with {@link cspDirectives}; HSTS only for requests that came over HTTPS. */
export async function registerBrowserSecurity(app: FastifyInstance, options: BrowserSecurityOptions) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // The map's tiles and the gateways' pages are other origins; COEP would need them to opt in.
    crossOriginEmbedderPolicy: false,
    // A payment popup (a gateway's hosted page) must be able to come back by redirect, not by opener.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  const publicHttps = options.publicUrl.startsWith('https:');
  app.addHook('onRequest', async (request, reply) => {
    if (publicHttps || request.protocol === 'https') {
      void reply.header('strict-transport-security', `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
    }
  });
}
