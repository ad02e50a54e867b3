import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database, Db } from '../db/client';
import type { LiveEvents } from '../lib/live-events';
import type { Limits } from '../lib/limits';
import type { Metrics } from '../lib/metrics';
import type { Messaging } from './adapters/messaging/messaging';
import type { Payments } from './adapters/payments/providers';
import type { ImageStorage } from './adapters/images/storage';

/** What every service needs: the database, the clock, the live-event channel, config and log. */
export interface AppContext {
  readonly config: ServerConfig;
  readonly database: Database;
  readonly db: Db;
  readonly events: LiveEvents;
  readonly log: FastifyBaseLogger;
  /** Payment providers (the registry) and the embedded simulator gateway. */
  readonly payments: Payments;
  /** Abuse limits counted in the database (lib/limits.ts). */
  readonly limits: Limits;
  /** OTP and order-message providers (WhatsApp Cloud API, the SMS gateway), per config. */
  readonly messaging: Messaging;
  /** Where menu photo files are written and read (disk, S3-compatible or memory). */
  readonly images: ImageStorage;
  /** The Prometheus counters of this server (lib/metrics.ts; apps/api docs, Observability). */
  readonly metrics: Metrics;
  now(): Date;
}
