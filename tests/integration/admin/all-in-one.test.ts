import { uniqueName } from '@stockai/platform/src/testing';
import { type TestAllInOne, startTestAllInOne } from '../../support/product-shapes';
import { adminApiCases } from './admin-api-cases';

jest.setTimeout(180_000);

/**
 * The admin API in the all-in-one process (embedded PostgreSQL, bus and cache), its admin from
 * ADMIN_EMAIL / ADMIN_PASSWORD, without AI keys: the built-in analyst writes the reports.
 */
describe('admin API, all-in-one', () => {
  const admin = { email: `${uniqueName('root')}@example.com`, password: 'admin-pass-1' };
  let shape: TestAllInOne;

  beforeAll(async () => {
    shape = await startTestAllInOne('admin-all-in-one', { auth: { admin } });
  });

  afterAll(async () => {
    await shape?.stop();
  });

  adminApiCases(() => ({
    base: shape.app.url,
    adminServiceUrl: (shape.app.services.admin as { url: string }).url,
    admin,
    exchangesBy: 'built-in',
  }));
});
