import { Pool } from 'pg';
import { createTestDatabase, findTestInfra, testInfra, uniqueName } from './infra';

describe('uniqueName', () => {
  it('gives distinct lowercase names safe for databases, queues and keys', () => {
    const names = Array.from({ length: 200 }, () => uniqueName('Billing-Tests.v2'));
    expect(new Set(names).size).toBe(200);
    for (const name of names) expect(name).toMatch(/^billing_tests_v2_[0-9a-f]{12}$/);
  });

  it('starts with a letter or underscore and stays within PostgreSQL identifier length', () => {
    expect(uniqueName('7days')).toMatch(/^t7days_/);
    expect(uniqueName('')).toMatch(/^t_[0-9a-f]{12}$/);
    expect(uniqueName('x'.repeat(100)).length).toBeLessThanOrEqual(63);
  });
});

describe('findTestInfra', () => {
  it('takes the URLs from the environment when all are set', async () => {
    const env = { DATABASE_URL: 'postgres://db', AMQP_URL: 'amqp://mq', REDIS_URL: 'redis://cache' };
    await expect(findTestInfra(env)).resolves.toEqual({
      databaseUrl: 'postgres://db',
      amqpUrl: 'amqp://mq',
      redisUrl: 'redis://cache',
    });
  });

  it('falls back to a server answering on its standard local port', async () => {
    const { databaseUrl } = await testInfra();
    const env = { DATABASE_URL: databaseUrl, DOCKER_HOST: 'unix:///nonexistent/docker.sock' };
    const found = await findTestInfra(env);
    expect(found.databaseUrl).toBe(databaseUrl);
    // This machine's RabbitMQ and Redis run on their standard ports (CI makes sure of it).
    expect(found.amqpUrl).toBe('amqp://guest:guest@127.0.0.1:5672');
    expect(found.redisUrl).toBe('redis://127.0.0.1:6379');
  });

  it('names the variables to set when they are missing and no Docker engine answers', async () => {
    const env = { DATABASE_URL: 'postgres://db', DOCKER_HOST: 'unix:///nonexistent/docker.sock' };
    const found = findTestInfra(env, { probeLocal: false });
    await expect(found).rejects.toThrow(/AMQP_URL, REDIS_URL are not set/);
    await expect(found).rejects.toThrow(/AMQP_URL=amqp:\/\/guest:guest@127\.0\.0\.1:5672 REDIS_URL=redis:\/\/127\.0\.0\.1:6379/);
    await expect(findTestInfra({ DOCKER_HOST: 'unix:///nonexistent/docker.sock' }, { probeLocal: false })).rejects.toThrow(
      'DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres',
    );
  });
});

describe('createTestDatabase', () => {
  let admin: Pool;

  beforeAll(async () => {
    admin = new Pool({ connectionString: (await testInfra()).databaseUrl, max: 1 });
  });

  afterAll(async () => {
    await admin.end();
  });

  const exists = async (url: string) => {
    const name = new URL(url).pathname.slice(1);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rowCount === 1;
  };

  it('gives each caller an empty database of its own and drops it', async () => {
    const first = await createTestDatabase();
    const second = await createTestDatabase();
    try {
      expect(first.url).not.toBe(second.url);
      await first.db.query('CREATE TABLE mine (id int)');
      const { rows } = await second.db.query("SELECT to_regclass('public.mine') AS found");
      expect(rows).toEqual([{ found: null }]);
      expect(await exists(first.url)).toBe(true);
    } finally {
      await Promise.all([first.drop(), second.drop()]);
    }
    expect(await exists(first.url)).toBe(false);
    expect(await exists(second.url)).toBe(false);
  });

  it('drops the database even while other connections hold it', async () => {
    const sut = await createTestDatabase();
    const other = new Pool({ connectionString: sut.url, max: 1 });
    other.on('error', () => undefined);
    await other.query('SELECT 1');
    await sut.drop();
    await expect(sut.drop()).resolves.toBeUndefined();
    expect(await exists(sut.url)).toBe(false);
    await other.end().catch(() => undefined);
  });
});
