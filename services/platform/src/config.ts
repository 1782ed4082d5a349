import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * Configuration comes only from environment variables, parsed once at start-up. A wrong
 * value stops the process with one line naming the variable: better to refuse to start
 * than to run half-configured. Every variable has a default or is documented as optional
 * (see the configuration table in the README).
 */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export function parseConfig<S extends z.ZodType>(schema: S, env: Env = process.env): z.infer<S> {
  const known = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  const result = schema.safeParse(withFileVariables(env, new Set(known)));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const variable = issue?.path.join('.') || 'environment';
  throw new ConfigError(`Invalid configuration: ${variable}: ${issue?.message ?? 'invalid value'}`);
}

/** parseConfig, but a bad value ends the process with exit code 1 and a single clear line. */
export function loadConfig<S extends z.ZodType>(schema: S, env: Env = process.env): z.infer<S> {
  try {
    return parseConfig(schema, env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

/**
 * `X_FILE=/path` provides `X` from a file (Kubernetes and compose secrets mount as files),
 * for the variables the schema knows. An explicit `X` wins over `X_FILE`.
 */
function withFileVariables(env: Env, known: Set<string>): Env {
  const out: Env = { ...env };
  for (const [key, path] of Object.entries(env)) {
    if (!key.endsWith('_FILE') || !path) continue;
    const name = key.slice(0, -'_FILE'.length);
    if (!known.has(name)) continue;
    if (out[name] !== undefined && out[name] !== '') continue;
    try {
      out[name] = readFileSync(path, 'utf8');
    } catch {
      throw new ConfigError(`Invalid configuration: ${key}: cannot read file ${path}`);
    }
  }
  return out;
}

/** Schema pieces shared by every process. */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  url: () => z.url({ message: 'must be a URL' }),
  optionalUrl: () =>
    z
      .string()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(z.url({ message: 'must be a URL' }).optional()),
  /** `URL` or `URL,URL,…` (the replicas of a service, ADR 0073), as a list. */
  urlList: (fallback: string) =>
    z
      .string()
      .default(fallback)
      .transform((value, ctx) => {
        const urls = value
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean);
        const bad = urls.find((url) => !URL.canParse(url));
        if (urls.length === 0 || bad !== undefined) {
          ctx.addIssue({
            code: 'custom',
            message: `must be a URL, or several separated by commas${bad === undefined ? '' : ` ("${bad}" is not a URL)`}`,
          });
          return z.NEVER;
        }
        return urls;
      }),
  positiveInt: (fallback: number) => z.coerce.number().int().positive().default(fallback),
  nonNegativeInt: (fallback: number) => z.coerce.number().int().min(0).default(fallback),
  bool: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
};

/** The variables every service process reads (distributed shape). */
export const serviceEnvSchema = z.object({
  PORT: env.port(3000),
  LOG_LEVEL: env.logLevel(),
  DATABASE_URL: env.url().optional(),
  AMQP_URL: env.url().default('amqp://guest:guest@127.0.0.1:5672'),
  REDIS_URL: env.url().default('redis://127.0.0.1:6379'),
  JWT_PUBLIC_KEY: z.string().min(1, 'is required (PEM public key, or JWT_PUBLIC_KEY_FILE)'),
  OTEL_EXPORTER_OTLP_ENDPOINT: env.optionalUrl(),
});
export type ServiceEnv = z.infer<typeof serviceEnvSchema>;
