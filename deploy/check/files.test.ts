/**
 * The deployment files other than the chart, checked by the tools that run them or by their
 * published schemas: nginx parses the web container's configuration (`nginx -t`), the compose
 * file is valid against the Compose Specification's JSON schema, and the Dockerfiles pass the
 * Dockerfile linter of dockerfile-utils plus the hadolint rules that matter here (hadolint
 * itself is neither on npm nor in Debian). Part of `npm run check:deploy`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';
import { validate as lintDockerfile } from 'dockerfile-utils';
import { parse } from 'yaml';

const ROOT = path.join(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** `nginx -t` of a configuration: its exit status and what it printed. */
function nginxTest(serverConf: string): { status: number; output: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nginx-'));
  mkdirSync(path.join(dir, 'conf.d'));
  writeFileSync(path.join(dir, 'conf.d', 'default.conf'), serverConf);
  // The nginx image's own nginx.conf, reduced to what a test needs: the http block that
  // includes conf.d, as in nginx-unprivileged, with its pid and temp paths in `dir`.
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log;`,
      'events {}',
      'http {',
      `  access_log ${dir}/access.log;`,
      `  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;`,
      `  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
      `  include ${dir}/conf.d/*.conf;`,
      '}',
    ].join('\n'),
  );
  const result = spawnSync('nginx', ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new Error('nginx is not installed: apt-get install nginx (.ci/run does)');
  }
  // nginx -t reports on stderr, success included.
  return { status: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
}

describe('deploy/nginx/default.conf', () => {
  // What the image's entrypoint does at start: envsubst of GATEWAY_URL only. nginx resolves
  // a proxy_pass host when it loads, so the test points it at an address, not a name.
  const conf = read('deploy/nginx/default.conf').replace(/\$\{GATEWAY_URL\}/g, 'http://127.0.0.1:8080');

  it('passes nginx -t', () => {
    const result = nginxTest(conf);
    expect(result).toMatchObject({ status: 0 });
    expect(result.output).toMatch(/syntax is ok/);
  });

  it('makes nginx -t fail on a broken configuration (the check is real)', () => {
    expect(nginxTest(conf.replace('proxy_buffering off;', 'proxy_buffering sideways;')).status).not.toBe(0);
  });

  it('sends the security headers on every answer, HSTS only behind TLS', () => {
    for (const header of ['Content-Security-Policy', 'X-Content-Type-Options nosniff', 'Referrer-Policy', "frame-ancestors 'none'"]) {
      expect(conf).toContain(header);
    }
    expect(conf).toMatch(/map \$http_x_forwarded_proto \$stockai_hsts \{\s+https\s+"max-age=/);
  });
});

describe('docker-compose.yml', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  // The schema names its meta-schema by the https address; Ajv knows draft-07 by the http one.
  ajv.addMetaSchema({ ...draft07, $id: 'https://json-schema.org/draft-07/schema' });
  const validateCompose = ajv.compile(JSON.parse(read('deploy/schemas/compose-spec.json')));

  it('is valid against the Compose Specification schema (what docker compose v2 reads)', () => {
    const valid = validateCompose(parse(read('docker-compose.yml'), { merge: true }));
    expect(validateCompose.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('has a schema check that rejects an invalid file (the validation is real)', () => {
    expect(validateCompose({ services: { web: { image: 'x', entrypoint: { run: true }, helthcheck: {} } } })).toBe(false);
  });
});

describe.each(['deploy/Dockerfile', 'deploy/Dockerfile.web'])('%s', (file) => {
  const text = read(file);
  const instructions = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((l) => l.trim() && !l.trim().startsWith('#'));

  it('passes the dockerfile-utils linter', () => {
    expect(lintDockerfile(text).map((d) => `line ${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
  });

  it('pins every base image by digest (hadolint DL3006/DL3007, stricter)', () => {
    const images = instructions.filter((l) => /^ARG \w+_IMAGE=/.test(l)).map((l) => l.split('=')[1] as string);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toMatch(/^[\w./-]+:[\w.-]+@sha256:[0-9a-f]{64}$/);
    for (const from of instructions.filter((l) => l.startsWith('FROM '))) {
      expect(from).toMatch(/^FROM (\$\{\w+_IMAGE\}|\w[\w-]*)( AS \w[\w-]*)?$/);
    }
  });

  it('runs as a non-root user (DL3002), with exec-form ENTRYPOINT and CMD (DL3025), COPY not ADD (DL3020)', () => {
    const users = instructions.filter((l) => l.startsWith('USER '));
    if (users.length > 0) expect(users.at(-1)).not.toMatch(/^USER (root|0)(:|$)/);
    for (const line of instructions.filter((l) => /^(ENTRYPOINT|CMD) /.test(l))) expect(line).toMatch(/^(ENTRYPOINT|CMD) \[/);
    expect(instructions.filter((l) => l.startsWith('ADD '))).toEqual([]);
  });
});

describe('deploy/observability/grafana-dashboard.json', () => {
  const dashboard = JSON.parse(read('deploy/observability/grafana-dashboard.json')) as {
    panels: Array<{ targets: Array<{ expr: string }> }>;
  };
  const instruments = read('services/platform/src/metrics/instruments.ts');

  it('queries only series the processes export', () => {
    const series = new Set(
      dashboard.panels.flatMap((p) => p.targets.flatMap((t) => [...t.expr.matchAll(/\b([a-z_]+)(?=\{|\[)/g)].map((m) => m[1] as string))),
    );
    expect(series.size).toBeGreaterThan(5);
    for (const name of series) {
      const base = name.replace(/_(bucket|count|sum|total)$/, '');
      expect([name, instruments.includes(`'${base}'`)]).toEqual([name, true]);
    }
  });
});
