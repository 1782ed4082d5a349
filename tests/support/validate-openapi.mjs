// Validates an OpenAPI document (JSON on stdin) with @seriousme/openapi-schema-validator and
// prints `{ valid, errors }`. A separate process because the validator is an ES module using
// import.meta, which the tests' CommonJS transform cannot load.
import { Validator } from '@seriousme/openapi-schema-validator';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const validator = new Validator();
const result = await validator.validate(JSON.parse(input));
process.stdout.write(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors ?? [] }));
