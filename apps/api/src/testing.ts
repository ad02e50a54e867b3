/**
 * `@santap/api/testing`: what the end-to-end tests (tooling/e2e) and the chaos harness (tooling/chaos)
 * may use of the server, in one public place (README "Testing entry"). They start the real server, seed
 * the demo data and read rows to check what a journey left behind; nothing here is for the product.
 * Add to it rather than importing a file of `src/` from outside this package (lint forbids that).
 */
export { createServer } from './server';
export type { ServerConfig } from './config';
export { openDatabase } from './db/client';
export { authTokens, idempotencyKeys, menuItems, orders, restaurants, users } from './db/schema';
export { appDist } from './routes/web';
export { seedDemoData } from './seed/seed';
export { seedDemoPhotos } from './seed/demo-photos';
export { DEMO, DEMO_STAFF_PASSWORD, demoQrSecret } from './seed/ids';
export { DEMO_KIOSK } from './seed/kiosks';
export { DISHES } from './seed/dishes';
export * as menus from './seed/menus';
export { ID_GROUPS, MY_GROUPS } from './seed/option-groups';
export { DEMO_MALL, DEMO_RESTAURANTS, DEMO_TABLES } from './seed/places';
export { hashToken } from './services/flows/accounts/tokens';
export { dynamicQrText } from './services/flows/tables/scan';
export { DEV_SIMULATOR_KEY, paymentConfigFromEnv } from './services/adapters/payments/config';
export { PAYMENT_TIMEOUT_MS } from './services/adapters/payments/http';
export { startRazerFake } from './services/adapters/payments/gateways/razer/fake';
export type {
  RazerDelivery,
  RazerFake,
  RazerFakeOptions,
} from './services/adapters/payments/gateways/razer/fake';
export { signSimulatorBody } from './services/adapters/payments/gateways/simulator/protocol';
export type { SimulatorDelivery } from './services/adapters/payments/gateways/simulator/protocol';
export { LUNCHTIME, TestClock, openTestDatabase, testConfig } from '../test/harness';
export type { TestDatabase } from '../test/harness';
export { prepareSeededDatabases } from '../test/global-setup';
export { freePort } from '../test/free-port';
export { default as whatsappSendErrors } from './services/adapters/messaging/whatsapp/fixtures/whatsapp-send-errors.json';
export { default as whatsappWebhookStop } from './services/adapters/messaging/whatsapp/fixtures/whatsapp-webhook-stop.json';
// The loopback printers and what a printed job reads as (apps/api docs/printing.md).
export { loopbackCloudPrntPrinter } from './services/adapters/printers/cloudprnt/loopback';
export type { LoopbackCloudPrntPrinter } from './services/adapters/printers/cloudprnt/loopback';
export { loopbackEpsonPrinter } from './services/adapters/printers/epson-sdp/loopback';
export type { LoopbackEpsonPrinter } from './services/adapters/printers/epson-sdp/loopback';
export {
  decodeEposXml,
  decodeEscPos,
  decodeStarPrnt,
  decodedText,
} from './services/adapters/printers/commands/decode';
export { printJobs, printers } from './db/schema';
// The offline sweep production runs every 5 s (tests' servers do not): a journey runs it when the
// sweep would have (apps/api docs/printing.md, "States and the offline rule").
export { OFFLINE_AFTER_SECONDS, sweepOfflinePrinters } from './services/products/printing/states';
export { default as twilioMessages } from './services/adapters/messaging/twilio/fixtures/twilio-messages.json';
