export { createTestDatabase, findTestInfra, testInfra, uniqueName, type TestDatabase, type TestInfra } from './infra';
