/**
 * The Helm chart as a cluster would take it: `helm lint --strict`, `helm template` rendered
 * with the real helm binary and every object validated against the Kubernetes API schemas,
 * the values schema refusing bad values, and what a platform team requires of each workload
 * (ServiceAccount without token, PodDisruptionBudget, autoscaler, spread, preStop,
 * resources, NetworkPolicy, migrations as a Job). Part of `npm run check:deploy`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { helm } from './helm';

const ROOT = path.join(__dirname, '..', '..');
const CHART = 'charts/stockai';
const PROFILES = ['values-1k.yaml', 'values-100k.yaml', 'values-1m.yaml'].map((f) => `${CHART}/examples/${f}`);
const KEYS = ['--set', 'jwt.publicKey=public-pem', '--set', 'jwt.privateKey=private-pem'];
const PROCESSES = ['gateway', 'auth', 'billing', 'analysis', 'analysis-worker', 'content', 'admin', 'web'];
const SERVICES = ['auth', 'billing', 'analysis', 'content', 'admin'];

type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
};
type PodSpec = {
  serviceAccountName?: string;
  automountServiceAccountToken?: boolean;
  topologySpreadConstraints?: unknown[];
  containers: Array<{
    name: string;
    resources?: { requests?: object; limits?: object };
    lifecycle?: unknown;
    env?: Array<{ name: string; value?: string }>;
  }>;
};

function render(args: string[] = []): K8sObject[] {
  const result = helm(['template', 'sut', CHART, ...KEYS, ...args]);
  if (result.status !== 0) throw new Error(`helm template failed: ${result.stderr}`);
  return parseAllDocuments(result.stdout)
    .map((d) => d.toJS() as K8sObject | null)
    .filter((o): o is K8sObject => o !== null);
}

function validate(objects: K8sObject[]): Array<{ kind: string; name: string; error?: string }> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'chart-')), 'rendered.yaml');
  writeFileSync(file, objects.map((o) => JSON.stringify(o)).join('\n---\n'));
  try {
    return JSON.parse(execFileSync(process.execPath, ['deploy/check/validate-manifests.mjs', file], { cwd: ROOT, encoding: 'utf8' }));
  } catch (err) {
    return JSON.parse((err as { stdout: string }).stdout);
  }
}

const byKind = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
const named = (objects: K8sObject[], kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
const podSpec = (o: K8sObject) => (o.kind === 'Pod' ? o.spec : (o.spec?.template as { spec: PodSpec }).spec) as PodSpec;

describe('charts/stockai', () => {
  it('passes helm lint --strict, with the default values and every example profile', () => {
    for (const args of [[], ...PROFILES.map((p) => ['-f', p])]) {
      const result = helm(['lint', '--strict', CHART, ...KEYS, ...args]);
      expect({ args, status: result.status, stderr: result.stderr }).toEqual({ args, status: 0, stderr: '' });
    }
  });

  it.each([
    ['the default values', []],
    ...PROFILES.map((p) => [p, ['-f', p]]),
    [
      'KEDA, External Secrets and an Ingress',
      ['--set', 'analysisWorker.keda.enabled=true', '-f', 'deploy/check/external-secrets-values.yaml', '--set', 'ingress.enabled=true'],
    ],
  ] as Array<[string, string[]]>)('renders objects the Kubernetes schemas accept, with %s', (_label, args) => {
    const results = validate(render(args));
    expect(results.length).toBeGreaterThan(40);
    expect(results.filter((r) => r.error)).toEqual([]);
  });

  it('has a schema check that rejects an invalid object (the validation is real)', () => {
    const results = validate([
      { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'broken' }, spec: { replicas: 'two', selector: {}, template: {} } },
    ]);
    expect(results[0]?.error).toMatch(/replicas/);
  });

  it.each([
    ['a replica count that is not a number', ['--set', 'gateway.replicas=two'], /gateway\/replicas/],
    ['a port out of range', ['--set', 'auth.port=70000'], /auth\/port/],
    ['an unknown top-level value (a typo)', ['--set', 'gatway.replicas=2'], /gatway/],
    ['a container without a memory limit', ['--set', 'billing.resources.limits=null'], /billing\/resources/],
    ['an unknown log level', ['--set', 'common.logLevel=verbose'], /logLevel/],
    ['a role name that is not an identifier', ['--set', 'migrations.appRoles.auth=app;drop'], /appRoles\/auth/],
  ])('refuses %s through values.schema.json', (_label, args, message) => {
    const result = helm(['template', 'sut', CHART, ...KEYS, ...(args as string[])]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(message as RegExp);
  });

  describe('with the default values', () => {
    const objects = render();
    const deployments = byKind(objects, 'Deployment');

    it('runs each process as a Deployment with its own ServiceAccount and no API token', () => {
      expect(deployments.map((d) => d.metadata.name).sort()).toEqual(PROCESSES.map((p) => `sut-stockai-${p}`).sort());
      for (const deployment of deployments) {
        const spec = podSpec(deployment);
        expect(spec.serviceAccountName).toBe(deployment.metadata.name);
        expect(spec.automountServiceAccountToken).toBe(false);
        expect(named(objects, 'ServiceAccount', deployment.metadata.name)).toMatchObject({ automountServiceAccountToken: false });
      }
    });

    it('gives each Deployment a PodDisruptionBudget, a CPU autoscaler and a spread over zones and nodes', () => {
      for (const deployment of deployments) {
        const name = deployment.metadata.name;
        expect(named(objects, 'PodDisruptionBudget', name)?.spec).toMatchObject({ maxUnavailable: 1 });
        expect(named(objects, 'HorizontalPodAutoscaler', name)?.spec).toMatchObject({
          scaleTargetRef: { kind: 'Deployment', name },
          metrics: [{ type: 'Resource', resource: { name: 'cpu' } }],
        });
        // The autoscaler owns the count: a replicas field would fight it on every upgrade.
        expect(deployment.spec?.replicas).toBeUndefined();
        const keys = (podSpec(deployment).topologySpreadConstraints as Array<{ topologyKey: string }>).map((c) => c.topologyKey);
        expect(keys).toEqual(['topology.kubernetes.io/zone', 'kubernetes.io/hostname']);
      }
    });

    it('puts requests and a memory limit on every container, jobs and the test pod included, and a preStop on every server', () => {
      const workloads = [...deployments, ...byKind(objects, 'Job'), ...byKind(objects, 'Pod')];
      expect(workloads.length).toBe(PROCESSES.length + SERVICES.length + 1);
      for (const workload of workloads) {
        for (const container of podSpec(workload).containers) {
          expect({ workload: workload.metadata.name, resources: container.resources }).toMatchObject({
            workload: workload.metadata.name,
            resources: { requests: { cpu: expect.any(String), memory: expect.any(String) }, limits: { memory: expect.any(String) } },
          });
        }
      }
      for (const deployment of deployments) {
        expect(podSpec(deployment).containers[0]?.lifecycle).toEqual({ preStop: { exec: { command: ['sleep', '5'] } } });
      }
    });

    it('rolls out one surge pod at a time with none unavailable, and drains within the grace period', () => {
      const gateway = named(objects, 'Deployment', 'sut-stockai-gateway') as K8sObject;
      const gatewayTimeoutMs = Number(podSpec(gateway).containers[0]?.env?.find((e) => e.name === 'UPSTREAM_TIMEOUT_MS')?.value);
      expect(gatewayTimeoutMs).toBeGreaterThan(0);
      for (const deployment of deployments) {
        expect({ name: deployment.metadata.name, strategy: deployment.spec?.strategy }).toEqual({
          name: deployment.metadata.name,
          strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
        });
        const spec = podSpec(deployment) as PodSpec & { terminationGracePeriodSeconds: number };
        const container = spec.containers[0] as PodSpec['containers'][number] & { lifecycle: { preStop: { exec: { command: string[] } } } };
        const preStopMs = Number(container.lifecycle.preStop.exec.command[1]) * 1000;
        const delay = container.env?.find((e) => e.name === 'SHUTDOWN_DELAY_MS')?.value;
        // The node processes wait SHUTDOWN_DELAY_MS after the preStop; nginx (web) has no such wait.
        if (!deployment.metadata.name.endsWith('-web')) expect(delay).toBeDefined();
        const drainBudgetMs = preStopMs + Number(delay ?? 0) + gatewayTimeoutMs;
        expect(drainBudgetMs).toBeLessThanOrEqual(spec.terminationGracePeriodSeconds * 1000);
      }
    });

    it('migrates each service in a pre-install/pre-upgrade Job, and starts the services without migrating', () => {
      const jobs = byKind(objects, 'Job');
      expect(jobs.map((j) => j.metadata.name).sort()).toEqual(SERVICES.map((s) => `sut-stockai-migrate-${s}`).sort());
      for (const job of jobs) {
        expect(job.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
        const service = job.metadata.name.replace('sut-stockai-migrate-', '');
        expect((podSpec(job).containers[0] as unknown as { args: string[] }).args).toEqual([
          'dist/migrate.js',
          service,
          `services/${service}/migrations`,
        ]);
      }
      // What the Job needs exists before it: its Secret, ServiceAccount and NetworkPolicy are earlier hooks.
      for (const [kind, name] of [
        ['Secret', 'sut-stockai-migrations'],
        ['ServiceAccount', 'sut-stockai-migrate'],
        ['NetworkPolicy', 'sut-stockai-migrate'],
      ] as const) {
        expect(named(objects, kind, name)?.metadata.annotations).toMatchObject({
          'helm.sh/hook': 'pre-install,pre-upgrade',
          'helm.sh/hook-weight': '-10',
        });
      }
      for (const name of [...SERVICES, 'analysis-worker']) {
        const env = podSpec(named(objects, 'Deployment', `sut-stockai-${name}`) as K8sObject).containers[0]?.env ?? [];
        expect(env).toContainEqual({ name: 'MIGRATE_ON_START', value: 'false' });
      }
    });

    it('turns the demo card processor off', () => {
      const env = podSpec(named(objects, 'Deployment', 'sut-stockai-billing') as K8sObject).containers[0]?.env ?? [];
      expect(env).toContainEqual({ name: 'ALLOW_DEMO_PAYMENTS', value: 'false' });
    });

    it('selects every pod of the release with a NetworkPolicy; only the gateway and the services that call one reach it', () => {
      const policies = byKind(objects, 'NetworkPolicy');
      for (const deployment of deployments) {
        const labels = (deployment.spec?.selector as { matchLabels: Record<string, string> }).matchLabels;
        expect(
          policies.some((p) => JSON.stringify((p.spec?.podSelector as { matchLabels: object }).matchLabels) === JSON.stringify(labels)),
        ).toBe(true);
      }
      type Rule = { from?: Array<{ podSelector?: { matchLabels: Record<string, string> } }>; ports: Array<{ port: string | number }> };
      for (const service of SERVICES) {
        const rules = (named(objects, 'NetworkPolicy', `sut-stockai-${service}`)?.spec?.ingress as Rule[]).filter((r) =>
          r.ports.some((p) => p.port === 'http'),
        );
        const callers = rules.flatMap((r) =>
          (r.from ?? [{ podSelector: { matchLabels: { 'app.kubernetes.io/component': 'ANYONE' } } }]).map(
            (f) => f.podSelector?.matchLabels['app.kubernetes.io/component'],
          ),
        );
        const expected: Record<string, string[]> = {
          auth: ['admin', 'gateway'],
          billing: ['admin', 'analysis', 'gateway'],
          analysis: ['admin', 'gateway'],
          content: ['gateway'],
          admin: ['gateway'],
        };
        expect({ service, callers: callers.sort() }).toEqual({ service, callers: expected[service] });
      }
    });

    it('exposes metrics on a port of their own that no Service routes', () => {
      for (const service of byKind(objects, 'Service')) {
        expect((service.spec?.ports as Array<{ port: number }>).map((p) => p.port)).not.toContain(9464);
      }
      const gateway = podSpec(named(objects, 'Deployment', 'sut-stockai-gateway') as K8sObject).containers[0] as unknown as {
        ports: Array<{ name: string; containerPort: number }>;
      };
      expect(gateway.ports).toContainEqual({ name: 'metrics', containerPort: 9464, protocol: 'TCP' });
    });

    it('has a helm test pod', () => {
      const pods = byKind(objects, 'Pod');
      expect(pods.map((p) => p.metadata.annotations?.['helm.sh/hook'])).toEqual(['test']);
    });
  });

  it('takes the values skaffold.yaml sets (skaffold itself is not installable here: this is its helm step)', () => {
    const configs = parseAllDocuments(readFileSync(path.join(ROOT, 'skaffold.yaml'), 'utf8')).map((d) => d.toJS());
    const release = configs.flatMap((c) => c.deploy?.helm?.releases ?? [])[0] as { setValues: Record<string, unknown> };
    const args = Object.entries(release.setValues).flatMap(([key, value]) => ['--set', `${key}=${String(value)}`]);
    const objects = render(args);
    expect(validate(objects).filter((r) => r.error)).toEqual([]);
    expect(byKind(objects, 'HorizontalPodAutoscaler')).toEqual([]);
    const billing = podSpec(named(objects, 'Deployment', 'sut-stockai-billing') as K8sObject).containers[0]?.env ?? [];
    expect(billing).toContainEqual({ name: 'ALLOW_DEMO_PAYMENTS', value: 'true' });
  });

  it('scales the analysis workers with KEDA on the queue depth instead of a CPU autoscaler when asked', () => {
    const objects = render(['--set', 'analysisWorker.keda.enabled=true']);
    expect(named(objects, 'HorizontalPodAutoscaler', 'sut-stockai-analysis-worker')).toBeUndefined();
    expect(named(objects, 'ScaledObject', 'sut-stockai-analysis-worker')?.spec).toMatchObject({
      scaleTargetRef: { name: 'sut-stockai-analysis-worker' },
      triggers: [{ type: 'rabbitmq', metadata: { queueName: 'analysis.jobs', mode: 'QueueLength' } }],
    });
  });

  it('takes its secrets from External Secrets without rendering any Secret itself', () => {
    const objects = render(['-f', 'deploy/check/external-secrets-values.yaml']);
    expect(byKind(objects, 'Secret')).toEqual([]);
    expect(
      byKind(objects, 'ExternalSecret')
        .map((e) => e.metadata.name)
        .sort(),
    ).toEqual(['sut-stockai', 'sut-stockai-jwt', 'sut-stockai-migrations']);
  });
});
