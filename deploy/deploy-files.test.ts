/**
 * What can be checked of the deployment files without Docker, Helm or a cluster: that
 * docker-compose.yml, the Dockerfiles, the Helm chart and skaffold.yaml point at files that
 * exist, agree with each other on names and ports, and that the chart's templates are well
 * formed and only read values that values.yaml defines. Building the images and rendering the
 * chart for real is left to `docker compose build`, `helm lint` and `skaffold build`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

const ROOT = path.join(__dirname, '..');
const CHART = path.join(ROOT, 'charts', 'stockai');

type Yaml = Record<string, unknown>;

/** The processes of the distributed shape, as every deployment file must run them. */
const PROCESSES = [
  { name: 'gateway', entry: 'dist/gateway.js', source: 'gateway/src/main.ts', port: 8080, values: 'gateway', service: true },
  { name: 'auth', entry: 'dist/auth.js', source: 'services/auth/src/main.ts', port: 3001, values: 'auth', service: true },
  { name: 'billing', entry: 'dist/billing.js', source: 'services/billing/src/main.ts', port: 3002, values: 'billing', service: true },
  { name: 'analysis', entry: 'dist/analysis.js', source: 'services/analysis/src/main.ts', port: 3003, values: 'analysis', service: true },
  {
    name: 'analysis-worker',
    entry: 'dist/analysis-worker.js',
    source: 'services/analysis/src/worker.ts',
    port: 3013,
    values: 'analysisWorker',
    service: false,
  },
  { name: 'content', entry: 'dist/content.js', source: 'services/content/src/main.ts', port: 3004, values: 'content', service: true },
  { name: 'admin', entry: 'dist/admin.js', source: 'services/admin/src/main.ts', port: 3005, values: 'admin', service: true },
];

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
/** The bundles deploy/build-bundles.mjs builds: name -> TypeScript entry point. */
const BUNDLES = Object.fromEntries(
  [...(/ENTRY_POINTS = \{([^}]*)\}/.exec(read('deploy/build-bundles.mjs'))?.[1] ?? '').matchAll(/'?([\w-]+)'?: '([^']+)'/g)].map((m) => [
    m[1] as string,
    m[2] as string,
  ]),
) as Record<string, string>;
const readYaml = (file: string) => parse(read(file), { merge: true }) as Yaml;
const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []);

/** The value at a dotted path, or undefined when some key on the way is missing. */
function lookup(obj: unknown, dotted: string): { found: boolean; value?: unknown } {
  let node: unknown = obj;
  for (const key of dotted.split('.').filter(Boolean)) {
    if (node === null || typeof node !== 'object' || !(key in node)) return { found: false };
    node = (node as Yaml)[key];
  }
  return { found: true, value: node };
}

describe('docker-compose.yml', () => {
  const compose = readYaml('docker-compose.yml');
  const services = compose.services as Record<string, Yaml>;

  it.each(PROCESSES)('runs $name from its bundle $entry, built from $source', ({ name, entry, source }) => {
    const sut = services[name];
    expect(sut).toBeDefined();
    expect(asList(sut?.command)).toEqual([entry]);
    expect(BUNDLES[path.basename(entry, '.js')]).toBe(source);
  });

  it.each(PROCESSES)('checks $name with a health check on its own PORT', ({ name, port }) => {
    const sut = services[name] as Yaml;
    const test = asList((sut.healthcheck as Yaml | undefined)?.test);
    expect(test[0]).toBe('CMD');
    expect(test.join(' ')).toMatch(/\/readyz/);
    expect((sut.environment as Yaml).PORT).toBe(String(port));
  });

  it.each(PROCESSES)('mounts the public key where $name is told to read it', ({ name }) => {
    const sut = services[name] as Yaml;
    const keyFile = String((sut.environment as Yaml).JWT_PUBLIC_KEY_FILE);
    const targets = asList(sut.volumes).map((v) => v.split(':')[1]);
    expect(targets).toContain(path.posix.dirname(keyFile));
  });

  it('gives the private key to auth and to no other process', () => {
    const holders = Object.entries(services)
      .filter(([, s]) => asList(s.volumes).some((v) => v.startsWith('jwt-private:')))
      .map(([name]) => name);
    expect(holders.sort()).toEqual(['auth', 'keys']);
    const auth = services.auth as Yaml;
    const keyFile = String((auth.environment as Yaml).JWT_PRIVATE_KEY_FILE);
    expect(asList(auth.volumes)).toContain(`jwt-private:${path.posix.dirname(keyFile)}:ro`);
  });

  it('waits only on services that can report healthy or complete', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, rule] of Object.entries((service.depends_on ?? {}) as Record<string, Yaml>)) {
        const target = services[dependency];
        expect([name, dependency, target !== undefined]).toEqual([name, dependency, true]);
        if (rule.condition === 'service_healthy') expect([dependency, target?.healthcheck !== undefined]).toEqual([dependency, true]);
      }
    }
  });

  it('points the gateway at each service on the port that service listens on', () => {
    const env = (services.gateway as Yaml).environment as Yaml;
    for (const { name, port } of PROCESSES.filter((p) => p.service && p.name !== 'gateway')) {
      expect(env[`${name.toUpperCase()}_URL`]).toBe(`http://${name}:${port}`);
    }
  });

  it('serves the web front end on host port 8080, forwarding /api to the gateway', () => {
    const web = services.web as Yaml;
    expect((web.build as Yaml).dockerfile).toBe('deploy/Dockerfile.web');
    expect(asList(web.ports).some((p) => /(^|:)8080:8080$/.test(p.replace('${WEB_HOST_PORT:-8080}', '8080')))).toBe(true);
    expect((web.environment as Yaml).GATEWAY_URL).toBe('http://gateway:8080');
  });
});

/** COPY sources of a Dockerfile, except those copied from another stage. */
function copySources(dockerfile: string): string[] {
  const lines = read(dockerfile).replace(/\\\n/g, ' ').split('\n');
  const sources: string[] = [];
  for (const line of lines) {
    const match = /^\s*COPY\s+(.*)$/i.exec(line);
    if (!match) continue;
    const words = (match[1] as string).trim().startsWith('[')
      ? (JSON.parse(match[1] as string) as string[])
      : (match[1] as string).trim().split(/\s+/);
    if (words.some((w) => w.startsWith('--from='))) continue;
    sources.push(...words.filter((w) => !w.startsWith('--')).slice(0, -1));
  }
  return sources;
}

/** Whether .dockerignore leaves `file` out of the build context (last matching rule wins). */
function dockerIgnored(file: string): boolean {
  const rules = read('.dockerignore')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const negate = l.startsWith('!');
      const glob = path.posix.normalize(negate ? l.slice(1) : l).replace(/^\/+/, '');
      const source = glob
        .split(/(\*\*\/|\/\*\*$|\*\*|\*|\?)/)
        .map((part) => {
          if (part === '**/') return '(?:.*/)?';
          if (part === '/**') return '(?:/.*)?';
          if (part === '**') return '.*';
          if (part === '*') return '[^/]*';
          if (part === '?') return '[^/]';
          return part.replace(/[.+^${}()|[\]\\]/g, '\\$&');
        })
        .join('');
      return { negate, pattern: new RegExp(`^${source}$`) };
    });
  const parts = path.posix.normalize(file).split('/');
  return parts.some((_, i) => {
    const prefix = parts.slice(0, i + 1).join('/');
    let ignored = false;
    for (const rule of rules) if (rule.pattern.test(prefix)) ignored = !rule.negate;
    return ignored;
  });
}

describe.each(['deploy/Dockerfile', 'deploy/Dockerfile.web'])('%s', (dockerfile) => {
  it('copies only files that exist and that .dockerignore lets into the context', () => {
    const sources = copySources(dockerfile);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect([source, existsSync(path.join(ROOT, source))]).toEqual([source, true]);
      expect([source, dockerIgnored(source)]).toEqual([source, false]);
    }
  });

  it('copies the manifest of every npm workspace before `npm ci`', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const sources = copySources(dockerfile);
    for (const workspace of workspaces) expect(sources).toContain(`${workspace}/package.json`);
    expect(sources).toContain('package-lock.json');
  });
});

describe('deploy/Dockerfile', () => {
  it('bundles every process and command from source files that exist', () => {
    expect(Object.keys(BUNDLES).length).toBeGreaterThanOrEqual(PROCESSES.length + 2);
    for (const [name, source] of Object.entries(BUNDLES)) expect([name, existsSync(path.join(ROOT, source))]).toEqual([name, true]);
  });

  it('ships every migrations folder and the bundled market data at their repository paths', () => {
    const sources = copySources('deploy/Dockerfile');
    const needed = readdirSync(path.join(ROOT, 'services'))
      .map((service) => `services/${service}/migrations`)
      .filter((dir) => existsSync(path.join(ROOT, dir)));
    for (const dir of [...needed, 'services/analysis/data']) expect(sources).toContain(dir);
  });
});

describe('deploy/nginx/default.conf', () => {
  const conf = read('deploy/nginx/default.conf');

  it('is installed as the nginx image template that fills in GATEWAY_URL', () => {
    expect(read('deploy/Dockerfile.web')).toMatch(/^COPY deploy\/nginx\/default\.conf \/etc\/nginx\/templates\/\S+\.template$/m);
    expect(conf).toMatch(/location \/api \{[^}]*proxy_pass \$\{GATEWAY_URL\};/);
  });

  it('falls back to index.html for client-side routes', () => {
    expect(conf).toMatch(/location \/ \{\s*try_files \$uri \$uri\/ \/index\.html;/);
  });
});

describe('charts/stockai', () => {
  const templatesDir = path.join(CHART, 'templates');
  const templates = (readdirSync(templatesDir, { recursive: true }) as string[])
    .filter((file) => /\.(yaml|tpl|txt)$/.test(file))
    .map((file) => ({ file, text: readFileSync(path.join(templatesDir, file), 'utf8') }));
  const values = parse(readFileSync(path.join(CHART, 'values.yaml'), 'utf8')) as Yaml;
  const actions = (text: string) => [...text.matchAll(/\{\{(.*?)\}\}/gs)].map((m) => (m[1] as string).replace(/^-?\s*|\s*-?$/g, ''));

  it('names itself after its folder in a Helm 3 Chart.yaml', () => {
    const chart = parse(readFileSync(path.join(CHART, 'Chart.yaml'), 'utf8')) as Yaml;
    expect(chart).toMatchObject({ apiVersion: 'v2', name: 'stockai' });
    expect(typeof chart.version).toBe('string');
  });

  it.each(templates)('$file opens and closes every {{ }} and every block', ({ text }) => {
    const opened = text.split('{{').length - 1;
    expect(text.split('}}').length - 1).toBe(opened);
    expect(actions(text)).toHaveLength(opened);
    const blocks: string[] = [];
    for (const action of actions(text)) {
      if (action.startsWith('/*')) continue;
      const word = /^(\w+)/.exec(action)?.[1];
      if (word && ['if', 'range', 'with', 'define', 'block'].includes(word)) blocks.push(word);
      if (word === 'else') expect(['if', 'range', 'with']).toContain(blocks[blocks.length - 1]);
      if (word === 'end') expect(blocks.pop()).toBeDefined();
    }
    expect(blocks).toEqual([]);
  });

  it('reads only values that values.yaml defines', () => {
    for (const { file, text } of templates) {
      for (const [, dotted] of text.matchAll(/\.Values((?:\.[A-Za-z_]\w*)+)/g)) {
        expect([file, dotted, lookup(values, dotted as string).found]).toEqual([file, dotted, true]);
      }
    }
  });

  it('gives each process every field the shared Deployment template reads', () => {
    const helpers = templates.find((t) => t.file === '_helpers.tpl')?.text ?? '';
    const fields = [...new Set([...helpers.matchAll(/\.component((?:\.\w+)+)/g)].map((m) => m[1] as string))];
    expect(fields.length).toBeGreaterThan(0);
    const components = templates.flatMap((t) =>
      [...t.text.matchAll(/include "stockai\.backend" \(dict .*?"component" \.Values\.(\w+)/g)].map((m) => m[1] as string),
    );
    expect(components.length).toBe(7);
    for (const component of components) {
      for (const field of fields) expect([component, field, lookup(values[component], field).found]).toEqual([component, field, true]);
    }
  });

  it('includes only templates that it defines', () => {
    const all = templates.map((t) => t.text).join('\n');
    const defined = new Set([...all.matchAll(/define "([^"]+)"/g)].map((m) => m[1]));
    for (const [, name] of all.matchAll(/include "([^"]+)"/g)) expect([name, defined.has(name)]).toEqual([name, true]);
  });

  it('takes every secret variable from a key that the chart-made Secret can hold', () => {
    const secretValues = (values.secrets as Yaml).values as Yaml;
    for (const { text } of templates) {
      for (const [, kind, list] of text.matchAll(/"(secretEnv|optionalSecretEnv)" \(?(?:list )?([^)]*)\)?/g)) {
        const names = [...(list as string).matchAll(/"([A-Z_]+)"/g)].map((m) => m[1] as string);
        for (const name of names) {
          expect([name, name in secretValues]).toEqual([name, true]);
          if (kind === 'secretEnv') expect([name, Boolean(secretValues[name])]).toEqual([name, true]);
        }
      }
      for (const [, variable] of text.matchAll(/\$optional := list ((?:"[A-Z_]+" ?)+)/g)) {
        for (const [, name] of (variable as string).matchAll(/"([A-Z_]+)"/g))
          expect([name, (name as string) in secretValues]).toEqual([name, true]);
      }
    }
  });

  it.each(PROCESSES)('deploys $name from $entry on port $port', ({ name, entry, port, values: key, service }) => {
    const sut = templates.find((t) => t.text.includes(`"name" "${name}" "entrypoint"`));
    expect(sut?.text).toContain(`"entrypoint" "${entry}" "component" .Values.${key} `);
    expect(sut?.text).toContain(`"service" ${service}`);
    expect(lookup(values, `${key}.port`).value).toBe(port);
    expect(BUNDLES[path.basename(entry, '.js')]).toBe(PROCESSES.find((p) => p.name === name)?.source);
  });
});

describe('skaffold.yaml', () => {
  const configs = parseAllDocuments(read('skaffold.yaml')).map((d) => d.toJS() as Yaml);
  const app = configs.find((c) => (c.build as Yaml | undefined)?.artifacts) as Yaml;
  const artifacts = (app.build as Yaml).artifacts as Array<{ image: string; context: string; docker: { dockerfile: string } }>;
  const release = ((app.deploy as Yaml).helm as Yaml).releases as Array<Yaml>;
  const values = parse(readFileSync(path.join(CHART, 'values.yaml'), 'utf8')) as Yaml;

  it('builds the backend and web images from the Dockerfiles in deploy/', () => {
    expect(artifacts.map((a) => path.posix.join(a.context, a.docker.dockerfile)).sort()).toEqual([
      'deploy/Dockerfile',
      'deploy/Dockerfile.web',
    ]);
    for (const a of artifacts) expect(existsSync(path.join(ROOT, a.context, a.docker.dockerfile))).toBe(true);
  });

  it('installs the chart with the built image of each artifact', () => {
    expect(release).toHaveLength(1);
    const sut = release[0] as Yaml;
    expect(existsSync(path.join(ROOT, String(sut.chartPath), 'Chart.yaml'))).toBe(true);
    const templates = sut.setValueTemplates as Record<string, string>;
    for (const key of [...Object.keys(templates), ...Object.keys(sut.setValues as Yaml), ...Object.keys(sut.setFiles as Yaml)]) {
      expect([key, lookup(values, key).found]).toEqual([key, true]);
    }
    const sanitized = artifacts.map((a) => a.image.replace(/[/\-.:]/g, '_'));
    const used = Object.values(templates).flatMap((t) => [...t.matchAll(/\{\{\.IMAGE_(?:REPO|TAG|DIGEST)_(\w+)\}\}/g)].map((m) => m[1]));
    expect([...new Set(used)].sort()).toEqual(sanitized.sort());
  });

  it('deploys development infrastructure from manifests that exist, named as the chart expects', () => {
    const names = configs.map((c) => (c.metadata as Yaml).name);
    for (const dependency of (app.requires as Array<{ configs: string[] }>).flatMap((r) => r.configs)) expect(names).toContain(dependency);
    const manifests = configs.flatMap((c) => asList((c.manifests as Yaml | undefined)?.rawYaml));
    expect(manifests.length).toBeGreaterThan(0);
    const services = manifests.flatMap((m) =>
      parseAllDocuments(read(m))
        .map((d) => d.toJS() as Yaml)
        .filter((o) => o.kind === 'Service')
        .map((o) => (o.metadata as Yaml).name),
    );
    const secretValues = (values.secrets as Yaml).values as Yaml;
    for (const url of ['DATABASE_URL', 'AMQP_URL', 'REDIS_URL']) expect(services).toContain(new URL(String(secretValues[url])).hostname);
  });

  it('forwards the web Service of the release it installs', () => {
    const releaseName = String((release[0] as Yaml).name);
    const fullname = releaseName.includes('stockai') ? releaseName : `${releaseName}-stockai`;
    expect((app.portForward as Array<Yaml>)[0]).toMatchObject({ resourceType: 'service', resourceName: `${fullname}-web` });
  });
});
