import { mkdirSync } from 'node:fs';
import QRCode from 'qrcode';
import { configFromEnv } from './config';
import { createServer } from './server';
import { demoQrLinks } from './seed/qr-links';

const config = configFromEnv(process.env);
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

const lines = [
  '',
  `Santap is running on ${config.publicUrl}  (database: ${app.santap.database.engine})`,
  `  API docs (OpenAPI): ${config.publicUrl}/api/docs`,
  `  Health:             ${config.publicUrl}/health`,
  ...(config.devInbox ? [`  Dev inbox (OTPs):   ${config.publicUrl}/api/dev/inbox`] : []),
  '',
];
console.log(lines.join('\n'));
for (const link of demoQrLinks(config.publicUrl, config.now())) {
  console.log(`${link.label}\n${link.url}`);
  console.log(await QRCode.toString(link.url, { type: 'terminal', small: true }));
}
