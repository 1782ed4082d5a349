/**
 * All-in-one: the whole product in one Node process (`npm start`). The gateway on `PORT`
 * serves the built web app and /api, handing each API request to its service's app in this
 * process (ADR 58); each service also listens on its own loopback port for the calls services
 * make to each other. Embedded adapters (PGlite under DATA_DIR, in-memory bus and cache)
 * replace PostgreSQL, RabbitMQ and Redis. Same code as the distributed shape, different wiring.
 */
import '@stockai/platform/src/tracing/register';
import http from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import { adminService } from '@stockai/admin/src/app';
import { analysisService } from '@stockai/analysis/src/app';
import { type AnalysisOptions, analysisEnvSchema, analysisOptionsFrom } from '@stockai/analysis/src/config';
import { type AuthOptions, authService } from '@stockai/auth/src/app';
import { authEnvSchema, authOptionsFrom } from '@stockai/auth/src/config';
import { billingService } from '@stockai/billing/src/app';
import { billingEnvSchema, billingOptionsFrom } from '@stockai/billing/src/config';
import { contentService } from '@stockai/content/src/app';
import { contentEnvSchema, contentOptionsFrom } from '@stockai/content/src/config';
import { createGatewayApp } from '@stockai/gateway/src/app';
import { gatewayEnvSchema } from '@stockai/gateway/src/config';
import { type TrustProxy, parseTrustedProxies } from '@stockai/gateway/src/trusted-proxies';
import {
  type Logger,
  type RunningService,
  SERVICE_KEEP_ALIVE_MS,
  createEmbeddedInfrastructure,
  createLogger,
  env,
  loadConfig,
  parseConfig,
  onShutdown,
  startService,
} from '@stockai/platform';

export interface AllInOneOptions {
  /** Gateway port; 0 picks a free one. */
  port?: number;
  host?: string;
  dataDir: string;
  webDir?: string;
  logLevel?: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  rateLimitPerMinute?: number;
  /**
   * The proxies whose X-Forwarded-For the gateway believes (TRUSTED_PROXIES, as the distributed
   * gateway reads it); default loopback only. Every service sees only the address the gateway
   * determined, so a peer outside this list cannot step round a per-client limit by naming itself.
   */
  trustedProxies?: TrustProxy;
  /**
   * How the gateway reaches the services: `in-process` (default) hands each request to the
   * service's app in this process (ADR 58); `loopback` proxies to their loopback ports as the
   * distributed gateway does over the network (the tracing test follows that hop).
   */
  gatewayHop?: 'in-process' | 'loopback';
  /** The auth service's settings (e-mail, admin seed…); by default from the environment. */
  auth?: Partial<AuthOptions>;
  /** The analysis service's settings (the alerts' interval…); by default from the environment. */
  analysis?: Partial<AnalysisOptions>;
}

export interface AllInOne {
  url: string;
  port: number;
  services: Record<string, RunningService>;
  stop(): Promise<void>;
}

export const DEFAULT_WEB_DIR = path.join(__dirname, '..', 'web', 'dist');

export async function startAllInOne(options: AllInOneOptions): Promise<AllInOne> {
  const level = options.logLevel ?? 'info';
  const infra = createEmbeddedInfrastructure(options.dataDir);
  const services: Record<string, RunningService> = {};
  const definitions = [
    authService({ ...authOptionsFrom(parseConfig(authEnvSchema, process.env), options.dataDir), ...options.auth }),
    billingService(billingOptionsFrom(parseConfig(billingEnvSchema, process.env))),
    // One in-process analysis worker; billing's URL is known once billing listens (it starts first).
    analysisService({
      ...analysisOptionsFrom(parseConfig(analysisEnvSchema, process.env), 2),
      billingUrl: () => (services.billing as RunningService).url,
      ...options.analysis,
    }),
    contentService(contentOptionsFrom(parseConfig(contentEnvSchema, process.env))),
    // The owners it delegates to start before it; their URLs are read when a call is made.
    adminService({
      owners: {
        auth: () => (services.auth as RunningService).url,
        billing: () => (services.billing as RunningService).url,
        analysis: () => (services.analysis as RunningService).url,
      },
    }),
  ];

  const databases: Array<{ close(): Promise<void> }> = [];
  const stopServices = async () => {
    await Promise.allSettled(Object.values(services).map((service) => service.close()));
    await infra.close();
    await Promise.allSettled(databases.map((db) => db.close()));
  };
  // All five start at once: each opens and checks its database on a thread of its own while the
  // others do theirs and the main thread builds the apps (the universe, the search index). None
  // waits for another: the URLs they call each other by are read when a call is made, and the
  // bus holds every queue from the start, so an event published early waits for its consumer.
  const started = await Promise.allSettled(
    definitions.map(async (definition) => {
      const logger = createLogger(definition.name, level);
      const serviceInfra = await infra.forService(definition.name, logger, { withPrivateKey: definition.name === 'auth' });
      databases.push(serviceInfra.db);
      services[definition.name] = await startService(definition, serviceInfra, { port: 0 });
    }),
  );
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await stopServices();
    throw failed.reason;
  }

  const logger: Logger = createLogger('gateway', level);
  const url = (name: string) => (services[name] as RunningService).url;
  const handle = (name: string) => (services[name] as RunningService).handle;
  const app = createGatewayApp({
    logger,
    cache: infra.cache,
    publicKey: infra.keys.publicKey,
    upstreams: { auth: url('auth'), billing: url('billing'), analysis: url('analysis'), content: url('content'), admin: url('admin') },
    // Same process: the gateway hands each request to its service's app, no loopback hop (ADR 58).
    inProcess:
      options.gatewayHop === 'loopback'
        ? undefined
        : {
            auth: handle('auth'),
            billing: handle('billing'),
            analysis: handle('analysis'),
            content: handle('content'),
            admin: handle('admin'),
          },
    rateLimitPerMinute: options.rateLimitPerMinute ?? 300,
    upstreamTimeoutMs: 15000,
    corsOrigins: [],
    maxBodyBytes: 1024 * 1024,
    webDir: options.webDir ?? DEFAULT_WEB_DIR,
    trustedProxies: options.trustedProxies ?? parseTrustedProxies('loopback'),
  });
  const server = await new Promise<http.Server>((resolve, reject) => {
    const s = http
      .createServer(app)
      .listen(options.port ?? 8080, options.host ?? '0.0.0.0', () => resolve(s))
      .on('error', reject);
  });
  // As the distributed gateway (gateway/src/main.ts): idle client connections stay open past a
  // load balancer's 60 s, so a client reusing one never finds it closed under it (Node's 5 s did).
  server.keepAliveTimeout = SERVICE_KEEP_ALIVE_MS;
  server.headersTimeout = SERVICE_KEEP_ALIVE_MS + 1000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 8080);

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    services,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await stopServices();
    },
  };
}

if (require.main === module) {
  const config = loadConfig(
    z.object({
      PORT: env.port(8080),
      HOST: z.string().default('0.0.0.0'),
      DATA_DIR: z.string().min(1).default('./data'),
      LOG_LEVEL: env.logLevel(),
      RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(300),
      TRUSTED_PROXIES: gatewayEnvSchema.shape.TRUSTED_PROXIES,
    }),
  );
  const authConfig = loadConfig(authEnvSchema);
  loadConfig(billingEnvSchema); // a Stripe key without its webhook secret stops the start with one line
  loadConfig(analysisEnvSchema); // validated here so a wrong value stops the start with one line
  const logger = createLogger('all-in-one', config.LOG_LEVEL);
  startAllInOne({
    auth: authOptionsFrom(authConfig, path.resolve(config.DATA_DIR)),
    port: config.PORT,
    host: config.HOST,
    dataDir: path.resolve(config.DATA_DIR),
    logLevel: config.LOG_LEVEL,
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    trustedProxies: config.TRUSTED_PROXIES,
  })
    .then((app) => {
      logger.info({ url: `http://localhost:${app.port}`, dataDir: path.resolve(config.DATA_DIR) }, 'StockAI is running');
      onShutdown(logger, () => app.stop());
    })
    .catch((err) => {
      logger.fatal({ err }, 'failed to start');
      process.exit(1);
    });
}
