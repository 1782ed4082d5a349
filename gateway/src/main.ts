import '@stockai/platform/src/tracing/register';
import http from 'node:http';
import { SERVICE_KEEP_ALIVE_MS, closeServer, createLogger, createRedisCache, loadConfig, onShutdown } from '@stockai/platform';
import { createGatewayApp } from './app';
import { gatewayEnvSchema } from './config';

const config = loadConfig(gatewayEnvSchema);
const logger = createLogger('gateway', config.LOG_LEVEL);
const cache = createRedisCache(config.REDIS_URL, { keyPrefix: config.REDIS_KEY_PREFIX });

let draining = false;
const app = createGatewayApp({
  logger,
  draining: () => draining,
  cache,
  publicKey: config.JWT_PUBLIC_KEY,
  upstreams: {
    auth: config.AUTH_URL,
    billing: config.BILLING_URL,
    analysis: config.ANALYSIS_URL,
    content: config.CONTENT_URL,
    admin: config.ADMIN_URL,
  },
  rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
  upstreamTimeoutMs: config.UPSTREAM_TIMEOUT_MS,
  corsOrigins: config.CORS_ORIGINS,
  maxBodyBytes: config.MAX_BODY_BYTES,
  webDir: config.WEB_DIR,
  trustedProxies: config.TRUSTED_PROXIES,
  streamLimits: { perUser: config.STREAMS_PER_USER, total: config.STREAMS_MAX },
});

const server = http.createServer(app).listen(config.PORT, config.HOST, () => logger.info({ port: config.PORT }, 'gateway listening'));
// Above the idle timeouts of the load balancers usually in front (60 s), so they close first.
server.keepAliveTimeout = SERVICE_KEEP_ALIVE_MS;
server.headersTimeout = SERVICE_KEEP_ALIVE_MS + 1000;
onShutdown(logger, async () => {
  // Not ready at once; serves on while the balancers notice, as the services do (ADR 0073).
  draining = true;
  logger.info({ delayMs: config.SHUTDOWN_DELAY_MS }, 'not ready; draining');
  if (config.SHUTDOWN_DELAY_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY_MS));
  // Finishes the requests in flight and closes each keep-alive connection once it goes idle.
  await closeServer(server);
  await cache.close();
});
