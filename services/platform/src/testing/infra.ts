import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { Pool } from 'pg';
import { createPostgresDatabase, ensurePostgresDatabase } from '../db/postgres';
import type { Database } from '../db/types';

/** Where the integration tests find PostgreSQL, RabbitMQ and Redis. */
export interface TestInfra {
  databaseUrl: string;
  amqpUrl: string;
  redisUrl: string;
}

const VARIABLES = {
  DATABASE_URL: { key: 'databaseUrl', example: 'postgres://postgres@127.0.0.1:5432/postgres' },
  AMQP_URL: { key: 'amqpUrl', example: 'amqp://guest:guest@127.0.0.1:5672' },
  REDIS_URL: { key: 'redisUrl', example: 'redis://127.0.0.1:6379' },
} as const satisfies Record<string, { key: keyof TestInfra; example: string }>;

type Variable = keyof typeof VARIABLES;

let memo: Promise<TestInfra> | undefined;

/** The test infrastructure of this process (one jest test file), found once. */
export function testInfra(): Promise<TestInfra> {
  memo ??= findTestInfra(process.env);
  return memo;
}

/**
 * Finds the infrastructure: URLs from the environment; for any not set, the server on its
 * standard local port when one answers there (so `npm test` works as is on a developer
 * machine with the three servers installed); else containers started with testcontainers when
 * a Docker engine answers; else an error that names the variables to set. testcontainers is
 * loaded only when it is needed. `probeLocal: false` skips the local-port step.
 */
export async function findTestInfra(env: NodeJS.ProcessEnv, { probeLocal = true }: { probeLocal?: boolean } = {}): Promise<TestInfra> {
  const found = {
    databaseUrl: env.DATABASE_URL ?? '',
    amqpUrl: env.AMQP_URL ?? '',
    redisUrl: env.REDIS_URL ?? '',
  };
  let missing = (Object.keys(VARIABLES) as Variable[]).filter((name) => !env[name]);
  if (probeLocal) {
    const local = await Promise.all(missing.map(async (name) => [name, await portAnswers(VARIABLES[name].example)] as const));
    for (const [name, answers] of local) if (answers) found[VARIABLES[name].key] = VARIABLES[name].example;
    missing = local.filter(([, answers]) => !answers).map(([name]) => name);
  }
  if (missing.length === 0) return found;
  if (!(await dockerAnswers(env))) {
    const examples = missing.map((name) => `${name}=${VARIABLES[name].example}`).join(' ');
    throw new Error(
      `Integration tests need PostgreSQL, RabbitMQ and Redis, but ${missing.join(', ')} ` +
        `${missing.length === 1 ? 'is' : 'are'} not set and no Docker engine answers for testcontainers. ` +
        `Set them to running servers, e.g. ${examples}`,
    );
  }
  const started = await Promise.all(missing.map(async (name) => [VARIABLES[name].key, await startContainer(name)] as const));
  return { ...found, ...Object.fromEntries(started) };
}

/** True when something accepts a TCP connection at the URL's host and port within a second. */
function portAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port), timeout: 1000 });
    const done = (answers: boolean) => {
      socket.destroy();
      resolve(answers);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/** True when the Docker engine of DOCKER_HOST (or the default socket) replies to /_ping. */
async function dockerAnswers(env: NodeJS.ProcessEnv): Promise<boolean> {
  const host = env.DOCKER_HOST;
  let target: http.RequestOptions;
  if (host?.startsWith('unix://')) target = { socketPath: host.slice('unix://'.length) };
  else if (host?.startsWith('tcp://')) {
    const url = new URL(host.replace(/^tcp:/, 'http:'));
    target = { host: url.hostname, port: url.port || 2375 };
  } else if (!host && existsSync('/var/run/docker.sock')) target = { socketPath: '/var/run/docker.sock' };
  else return false;

  return new Promise((resolve) => {
    // Any HTTP reply counts: a TLS-only engine answers a plain request with a 400.
    const request = http.get({ ...target, path: '/_ping', timeout: 2000 }, (response) => {
      response.resume();
      resolve(true);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

/** Starts one server; Ryuk, testcontainers' reaper, removes it when the process exits. */
async function startContainer(variable: Variable): Promise<string> {
  const { GenericContainer, Wait } = await import('testcontainers');
  switch (variable) {
    case 'DATABASE_URL': {
      const container = await new GenericContainer('postgres:16-alpine')
        .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
        .withExposedPorts(5432)
        // The image starts PostgreSQL twice (init, then for real); the second start is ready.
        .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
        .start();
      return `postgres://postgres@${container.getHost()}:${container.getMappedPort(5432)}/postgres`;
    }
    case 'AMQP_URL': {
      const container = await new GenericContainer('rabbitmq:3.13-alpine')
        .withExposedPorts(5672)
        .withWaitStrategy(Wait.forLogMessage(/Server startup complete/))
        .start();
      return `amqp://guest:guest@${container.getHost()}:${container.getMappedPort(5672)}`;
    }
    case 'REDIS_URL': {
      const container = await new GenericContainer('redis:7-alpine')
        .withExposedPorts(6379)
        .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
        .start();
      return `redis://${container.getHost()}:${container.getMappedPort(6379)}`;
    }
  }
}

/**
 * A name no other test run uses: lowercase letters, digits and underscores, starting with a
 * letter or underscore, at most 61 characters, so it serves as a database, queue or key name.
 */
export function uniqueName(prefix: string): string {
  let base = prefix
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .slice(0, 48);
  if (!/^[a-z_]/.test(base)) base = `t${base}`;
  return `${base}_${randomBytes(6).toString('hex')}`;
}

export interface TestDatabase {
  db: Database;
  url: string;
  /** Closes `db` and drops the database, even while other connections are open. */
  drop(): Promise<void>;
}

/** A new, empty PostgreSQL database of its own on the test server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { databaseUrl } = await testInfra();
  const name = uniqueName('test');
  const url = await ensurePostgresDatabase(databaseUrl, name);
  const db = createPostgresDatabase(url);
  let dropped: Promise<void> | undefined;
  const drop = async () => {
    await db.close();
    const admin = new Pool({ connectionString: databaseUrl, max: 1 });
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
  return {
    db,
    url,
    drop: () => (dropped ??= drop()),
  };
}
