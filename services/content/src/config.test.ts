import { ConfigError, parseConfig } from '@stockai/platform';
import { contentEnvSchema, contentOptionsFrom } from './config';

const contentKey = 'a1'.repeat(13);
const adminKey = `${'b2'.repeat(12)}:${'c3'.repeat(32)}`;

describe('content configuration', () => {
  it('runs on the built-in library without Ghost, also when the variables are set but empty', () => {
    expect(contentOptionsFrom(parseConfig(contentEnvSchema, {}))).toEqual({});
    expect(
      contentOptionsFrom(parseConfig(contentEnvSchema, { GHOST_URL: '', GHOST_CONTENT_API_KEY: '', GHOST_ADMIN_API_KEY: '' })),
    ).toEqual({});
  });

  it('reads Ghost settings with their defaults', () => {
    const env = { GHOST_URL: 'https://blog.example.com', GHOST_CONTENT_API_KEY: contentKey, GHOST_ADMIN_API_KEY: `${adminKey}\n` };
    expect(contentOptionsFrom(parseConfig(contentEnvSchema, env))).toEqual({
      ghost: {
        url: 'https://blog.example.com',
        contentApiKey: contentKey,
        adminApiKey: adminKey,
        webhookSecret: undefined,
        refreshIntervalMs: 900_000,
        timeoutMs: 5000,
      },
    });
  });

  it.each([
    [{ GHOST_URL: 'https://blog.example.com' }, 'GHOST_CONTENT_API_KEY: is required when GHOST_URL is set'],
    [{ GHOST_CONTENT_API_KEY: contentKey }, 'GHOST_URL: is required when a Ghost API key is set'],
    [{ GHOST_URL: 'blog', GHOST_CONTENT_API_KEY: contentKey }, 'GHOST_URL: must be a URL'],
    [{ GHOST_URL: 'https://b.example.com', GHOST_CONTENT_API_KEY: 'short' }, 'GHOST_CONTENT_API_KEY: must be the 26 hex characters'],
    [
      { GHOST_URL: 'https://b.example.com', GHOST_CONTENT_API_KEY: contentKey, GHOST_ADMIN_API_KEY: 'x:y' },
      'GHOST_ADMIN_API_KEY: must be a Ghost Admin API key',
    ],
    [{ GHOST_TIMEOUT_MS: '0' }, 'GHOST_TIMEOUT_MS'],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => parseConfig(contentEnvSchema, env)).toThrow(ConfigError);
    expect(() => parseConfig(contentEnvSchema, env)).toThrow(message);
  });
});
