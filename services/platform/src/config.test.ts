import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError, env, parseConfig } from './config';

const schema = z.object({
  PORT: env.port(8080),
  AMQP_URL: env.url().default('amqp://localhost'),
  SECRET: z.string().min(1).optional(),
  FLAG: env.bool(false),
  BILLING_URL: env.urlList('http://127.0.0.1:3002'),
});

describe('parseConfig', () => {
  it('applies documented defaults when variables are unset', () => {
    const sut = parseConfig(schema, {});
    expect(sut).toEqual({ PORT: 8080, AMQP_URL: 'amqp://localhost', FLAG: false, BILLING_URL: ['http://127.0.0.1:3002'] });
  });

  it('coerces numbers and booleans from strings', () => {
    expect(parseConfig(schema, { PORT: '3001', FLAG: 'true' })).toMatchObject({ PORT: 3001, FLAG: true });
  });

  it('names the variable in one line when a value is wrong', () => {
    expect(() => parseConfig(schema, { PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseConfig(schema, { PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT: /);
    expect(() => parseConfig(schema, { AMQP_URL: 'not a url' })).toThrow('Invalid configuration: AMQP_URL: must be a URL');
    expect(() => parseConfig(schema, { FLAG: 'maybe' })).toThrow('Invalid configuration: FLAG: must be true or false');
  });

  it('reads a list of URLs, one per replica, and names the one that is not a URL', () => {
    expect(parseConfig(schema, { BILLING_URL: 'http://10.0.0.1:3002, http://10.0.0.2:3002' }).BILLING_URL).toEqual([
      'http://10.0.0.1:3002',
      'http://10.0.0.2:3002',
    ]);
    expect(() => parseConfig(schema, { BILLING_URL: 'http://10.0.0.1:3002,10.0.0.2:3002' })).toThrow(
      'Invalid configuration: BILLING_URL: must be a URL, or several separated by commas ("10.0.0.2:3002" is not a URL)',
    );
    expect(() => parseConfig(schema, { BILLING_URL: ' , ' })).toThrow(
      'Invalid configuration: BILLING_URL: must be a URL, or several separated by commas',
    );
  });

  it('reads X from the file named by X_FILE, and an explicit X wins', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'config-'));
    const file = path.join(dir, 'secret');
    writeFileSync(file, 's3cret');
    expect(parseConfig(schema, { SECRET_FILE: file }).SECRET).toBe('s3cret');
    expect(parseConfig(schema, { SECRET_FILE: file, SECRET: 'direct' }).SECRET).toBe('direct');
    expect(() => parseConfig(schema, { SECRET_FILE: path.join(dir, 'missing') })).toThrow(/SECRET_FILE: cannot read file/);
    // Other programs' *_FILE variables are none of our business.
    expect(() => parseConfig(schema, { TF_CLI_CONFIG_FILE: path.join(dir, 'missing') })).not.toThrow();
  });
});
