import { uniqueName } from '@stockai/platform/src/testing';
import { type TestDistributed, startTestDistributed } from '../../support/product-shapes';
import { readYourWritesCases } from './read-your-writes-cases';

jest.setTimeout(300_000);

/**
 * Read-your-writes (issue 28) in the distributed shape: the gateway, the five services and an
 * analysis worker as separate processes on the real PostgreSQL, RabbitMQ and Redis.
 */
describe('read your writes, distributed', () => {
  const admin = { email: `${uniqueName('root')}@example.com`, password: 'admin-pass-1' };
  let shape: TestDistributed;

  beforeAll(async () => {
    shape = await startTestDistributed('ryw', { env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } });
  }, 230_000);

  afterAll(async () => {
    await shape?.stop();
  });

  readYourWritesCases(() => ({ base: shape.base, admin }));
});
