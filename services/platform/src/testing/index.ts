export { createTestDatabase, findTestInfra, testInfra, uniqueName, type TestDatabase, type TestInfra } from './infra';
export { startTestService, type TestService, type TestServiceOptions } from './service';
export { waitFor } from '../bus/test-helpers';
