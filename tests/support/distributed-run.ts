import { connect } from 'amqplib';
import { Pool } from 'pg';
import { allEventQueues } from '@stockai/contracts';
import { ensurePostgresDatabase, generateRsaKeyPair } from '@stockai/platform';
import { deleteAmqpTopology } from '@stockai/platform/src/bus/test-helpers';
import { testInfra, uniqueName } from '@stockai/platform/src/testing';
import { SERVICES } from '../../deploy/distributed';

export interface DistributedRun {
  /** Environment for `distributedProcesses`: the run's own databases, exchange, queues and keys. */
  env: Record<string, string>;
  /** Messages ready in one of the run's queues (its name without the run's prefix), e.g. jobs no worker took. */
  queueDepth(queue: string): Promise<number>;
  /** Drops the databases of the run and deletes its exchange and queues (every process declares them all). */
  cleanUp(): Promise<void>;
}

/**
 * Everything one run of the distributed shape needs to stay out of other runs' way on shared
 * servers: a database per service, its own exchange, queue prefix and Redis key prefix, a new
 * key pair, quiet logs and no rate limit (the system test and the benchmark both use it).
 */
export async function prepareDistributedRun(name: string): Promise<DistributedRun> {
  const infra = await testInfra();
  const run = uniqueName(name);
  const databases: Record<string, string> = {};
  for (const service of SERVICES) databases[service] = await ensurePostgresDatabase(infra.databaseUrl, `${run}_${service}`);
  const keys = generateRsaKeyPair();
  return {
    env: {
      AMQP_URL: infra.amqpUrl,
      AMQP_EXCHANGE: `${run}.events`,
      AMQP_QUEUE_PREFIX: `${run}.`,
      REDIS_URL: infra.redisUrl,
      REDIS_KEY_PREFIX: `${run}:`,
      JWT_PUBLIC_KEY: keys.publicKey,
      JWT_PRIVATE_KEY: keys.privateKey,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      ...Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_DATABASE_URL`, databases[s] as string])),
    },
    async queueDepth(queue) {
      const connection = await connect(infra.amqpUrl);
      try {
        const channel = await connection.createChannel();
        // A missing queue closes the channel with an error; checkQueue rejects with it too.
        channel.on('error', () => undefined);
        return (await channel.checkQueue(`${run}.${queue}`)).messageCount;
      } finally {
        await connection.close();
      }
    },
    async cleanUp() {
      const pool = new Pool({ connectionString: infra.databaseUrl, max: 1 });
      try {
        for (const url of Object.values(databases)) {
          await pool.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
        }
      } finally {
        await pool.end();
      }
      await deleteAmqpTopology(
        infra.amqpUrl,
        `${run}.events`,
        allEventQueues().map((q) => `${run}.${q.queue}`),
      );
    },
  };
}
