import { uniqueName } from '@stockai/platform/src/testing';
import { type TestAllInOne, startTestAllInOne } from '../../support/product-shapes';
import { readYourWritesCases } from './read-your-writes-cases';

jest.setTimeout(240_000);

/** Read-your-writes (issue 28) in the all-in-one process: embedded PostgreSQL, bus and cache, the demo card processor. */
describe('read your writes, all-in-one', () => {
  const admin = { email: `${uniqueName('root')}@example.com`, password: 'admin-pass-1' };
  let shape: TestAllInOne;

  beforeAll(async () => {
    shape = await startTestAllInOne('consistency-all-in-one', { auth: { admin } });
  });

  afterAll(async () => {
    await shape?.stop();
  });

  readYourWritesCases(() => ({ base: shape.app.url, admin }));
});
