import type { RequestListener, Server } from 'node:http';
import type { Router } from 'express';
import { apiDescriptionRoute } from '../api-description/route';
import type { OpenApiDocument } from '../api-description/describe';
import { authenticate } from '../auth/middleware';
import { RevocationList } from '../auth/tokens';
import type { EventBus, Subscription } from '../bus/types';
import { createOutboxRelay } from '../bus/outbox';
import { DEFAULT_EVENT_RETENTION, type EventRetention, startEventPruning } from '../bus/retention';
import type { Cache } from '../cache/types';
import { migrateServiceSchema, pendingMigrations } from '../db/schema-owner';
import type { Database } from '../db/types';
import { createServiceApp } from '../http/service-app';
import { type RouteInfo, routeList } from '../http/route-list';
import type { ReadinessCheck } from '../http/health';
import type { Logger } from '../logger';

/**
 * How long a service keeps an idle client connection open. Set explicitly (Node's default is
 * 5 s): the gateway's pooled connections close after UPSTREAM_IDLE_MS (30 s), well before this,
 * so the gateway never reuses a connection the service is closing.
 */
export const SERVICE_KEEP_ALIVE_MS = 65_000;

/** The infrastructure handed to a service; real adapters or embedded twins, same interfaces. */
export interface Infrastructure {
  db: Database;
  bus: EventBus;
  cache: Cache;
  logger: Logger;
  /** PEM public key that verifies access tokens. */
  publicKey: string;
  /** PEM private key; only the auth service receives it. */
  privateKey?: string;
  /** How long published outbox events and processed inbox ids are kept (default DEFAULT_EVENT_RETENTION). */
  eventRetention?: EventRetention;
}

export interface ServiceContext extends Infrastructure {
  revocations: RevocationList;
  /** Asks the outbox relay to publish soon; call after committing a transaction that wrote events. */
  outbox: { kick(): void };
}

export interface ServiceParts {
  routes: Router[];
  subscriptions?: Subscription[];
  readiness?: Record<string, ReadinessCheck>;
  /** Paths allowed JSON bodies over 100 kB, with their limit (see `createServiceApp`). */
  bodyLimits?: Record<string, string>;
  /**
   * Called first on close, while the HTTP server still runs: end long-lived responses (event
   * streams) here, since the server's close waits for every open response.
   */
  drain?(): void | Promise<void>;
  close?(): Promise<void>;
}

/** What a service is: its name, its migrations and how to build it from its context. */
export interface ServiceDefinition {
  name: string;
  migrationsDir: string;
  build(ctx: ServiceContext): ServiceParts | Promise<ServiceParts>;
  /** Its public routes described (`describeService`), served at /internal/openapi.json for the gateway to merge. */
  api?: OpenApiDocument;
}

export interface RunningService {
  name: string;
  port: number;
  url: string;
  /** The routes its HTTP app answers (route-list.ts). */
  routes: RouteInfo[];
  /** Its HTTP app, for a caller in the same process (the all-in-one's gateway). */
  handle: RequestListener;
  /**
   * Turns readiness false at once (`/readyz` answers 503 with `shutdown: shutting down`) while
   * everything else keeps serving: the first step of a drain, so balancers stop sending new work.
   */
  stopReadiness(): void;
  /** Drains and stops: readiness false, event streams ended, in-flight requests and jobs finished. */
  close(): Promise<void>;
}

/**
 * Stops taking connections and resolves once the requests in flight have been answered. A
 * keep-alive connection that goes idle after its last answer is closed then (checked every
 * 100 ms), rather than held until SERVICE_KEEP_ALIVE_MS ran out; new requests on a connection
 * still open are answered with `connection: close`.
 */
export async function closeServer(server: Server): Promise<void> {
  server.on('request', (_req, res: import('node:http').ServerResponse) => {
    if (!res.headersSent) res.setHeader('connection', 'close');
  });
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  try {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
  } finally {
    clearInterval(idle);
  }
}

/**
 * Starts one service on `infra`: schema migrations (the platform's outbox and inbox tables,
 * then the service's own; or, with `migrate: false`, a check that none is pending), the HTTP app, the outbox relay and the event consumers.
 * Used by each service's `main.ts` (distributed) and by the all-in-one process alike.
 */
export async function startService(
  definition: ServiceDefinition,
  infra: Infrastructure,
  listen: { port: number; host?: string; migrate?: boolean },
): Promise<RunningService> {
  const { db, bus, cache, logger } = infra;
  if (listen.migrate ?? true) {
    await migrateServiceSchema(db, definition.migrationsDir);
  } else {
    const pending = await pendingMigrations(db, definition.migrationsDir);
    if (pending.length > 0) {
      throw new Error(`${definition.name}: the database lacks migrations ${pending.join(', ')}; run its migration job first`);
    }
  }

  const relay = createOutboxRelay({ db, bus, logger });
  const ctx: ServiceContext = { ...infra, revocations: new RevocationList(cache), outbox: { kick: () => relay.kick() } };
  const parts = await definition.build(ctx);

  let shuttingDown = false;
  const app = createServiceApp({
    logger,
    readiness: {
      shutdown: async () => {
        if (shuttingDown) throw new Error('shutting down');
      },
      database: () => db.ping(),
      bus: () => bus.ping(),
      cache: () => cache.ping(),
      ...parts.readiness,
    },
    authenticate: authenticate({ publicKey: infra.publicKey, revocations: ctx.revocations }),
    routes: definition.api ? [...parts.routes, apiDescriptionRoute(definition.api)] : parts.routes,
    bodyLimits: parts.bodyLimits,
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(listen.port, listen.host ?? '127.0.0.1', () => resolve(s)).on('error', reject);
  });
  server.keepAliveTimeout = SERVICE_KEEP_ALIVE_MS;
  server.headersTimeout = SERVICE_KEEP_ALIVE_MS + 1000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : listen.port;

  relay.start();
  const pruning = startEventPruning(db, infra.eventRetention ?? DEFAULT_EVENT_RETENTION, logger);
  const consumers = await Promise.all((parts.subscriptions ?? []).map((s) => bus.subscribe(s)));
  logger.info({ port, consumers: consumers.length }, `${definition.name} service listening`);

  return {
    name: definition.name,
    port,
    url: `http://127.0.0.1:${port}`,
    routes: routeList(app),
    handle: app,
    stopReadiness() {
      shuttingDown = true;
    },
    async close() {
      shuttingDown = true;
      await parts.drain?.();
      await closeServer(server);
      await Promise.all(consumers.map((c) => c.close()));
      await relay.stop();
      await pruning.stop();
      await parts.close?.();
    },
  };
}
