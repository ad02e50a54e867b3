import { mkdirSync } from 'node:fs';
import QRCode from 'qrcode';
import { configFromEnv } from './config';
import { createServer } from './server';
import { seedDemoPhotos } from './seed/demo-photos';
import { demoQrLinks } from './seed/qr-links';

// `pnpm start` passes --demo (SANTAP_MODE=demo); the built server alone is production (README: Two modes).
const config = configFromEnv(
  process.argv.includes('--demo') ? { ...process.env, SANTAP_MODE: 'demo' } : process.env,
);
if (config.database.engine === 'pglite' && config.database.dataDir)
  mkdirSync(config.database.dataDir, { recursive: true });

const app = await createServer(config);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  });
}

await app.listen({ port: config.port, host: config.host });

const base = config.publicUrl;
const qrLinks = config.seedDemo ? await demoQrLinks(app.santap, base, config.now()) : [];
const lines =
  config.mode === 'demo'
    ? [
        '',
        `Santap DEMO on ${base} (loopback only): demo data, simulator gateway and dev inbox. Not for the internet: see apps/api/README.md, Going live.`,
        '',
        'Open:',
        `  Home (restaurants near you):  ${base}/home`,
        `  A table's QR (kopitiam-ali):  ${qrLinks[0]?.url ?? '(no demo data)'}`,
        `  Food court (mall-demo):       ${base}/fc/mall-demo`,
        `  Counter kiosk:                ${base}/kiosk/`,
        `  Staff order board:            ${base}/staff/  (login kopitiam-ali-manager / santap-demo)`,
        `  Dev inbox (OTPs, mails):      ${base}/api/dev/inbox`,
        `  API docs (OpenAPI):           ${base}/api/docs`,
        '',
      ]
    : [
        '',
        `Santap (production) on ${base}, listening on ${config.host}:${config.port}  (database: ${app.santap.database.engine})`,
        ...(config.seedDemo ? ['  demo data: on (SEED_DEMO)'] : []),
        ...(config.devInbox ? [`  dev inbox: on (DEV_INBOX) at ${base}/api/dev/inbox`] : []),
        ...(config.payments?.simulator.enabled ? ['  payment simulator: on (SIMULATOR)'] : []),
        `  API docs (OpenAPI): ${base}/api/docs  Health: ${base}/health`,
        '',
      ];
console.log(lines.join('\n'));
if (config.seedDemo) {
  for (const link of qrLinks) {
    console.log(`${link.label}\n${link.url}`);
    console.log(await QRCode.toString(link.url, { type: 'terminal', small: true }));
  }
}
if (config.seedDemo) {
  // The demo's photos are drawn after start-up (seed/demo-photos.ts): the pages work meanwhile.
  seedDemoPhotos(app.santap)
    .then((filled) => {
      if (filled > 0) app.log.info({ filled }, 'demo photos made');
    })
    .catch((error: unknown) => app.log.warn({ err: error }, 'demo photos failed'));
}
