import { uniqueName } from '@stockai/platform/src/testing';
import { type ChatStandIn, startChatStandIn } from '../analysis/analysis-stack';
import { type TestDistributed, startTestDistributed } from '../../support/product-shapes';
import { adminApiCases } from './admin-api-cases';

jest.setTimeout(240_000);

/**
 * The admin API in the distributed shape: the gateway, the five services and an analysis worker
 * as separate processes on the real PostgreSQL, RabbitMQ and Redis, the admin made at start from
 * ADMIN_EMAIL / ADMIN_PASSWORD. The report's text comes from an AI provider (the local
 * OpenAI-compatible stand-in), so the AI results are the provider's exchanges.
 */
describe('admin API, distributed', () => {
  const admin = { email: `${uniqueName('root')}@example.com`, password: 'admin-pass-1' };
  let shape: TestDistributed;
  let ai: ChatStandIn;

  beforeAll(async () => {
    ai = await startChatStandIn();
    shape = await startTestDistributed('adm', {
      env: {
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        LLM_API_KEY: 'stand-in-key',
        LLM_BASE_URL: ai.url,
        LLM_MODEL: 'stand-in',
        LOG_LEVEL: 'info',
      },
    });
  }, 230_000);

  afterAll(async () => {
    await shape?.stop();
    await ai?.close();
  });

  adminApiCases(() => ({ base: shape.base, adminServiceUrl: shape.urlOf('admin'), admin, exchangesBy: 'ai' }));
});
