/**
 * Validates Kubernetes objects against the API schemas, as the API server would on apply:
 * the core groups by kubernetes-models, KEDA and External Secrets objects by their
 * @kubernetes-models packages. These packages are ES modules only, which jest's CommonJS
 * runtime cannot load, so the chart test runs this file with node.
 *
 *   node deploy/check/validate-manifests.mjs rendered.yaml
 *
 * Prints one JSON line: [{ kind, name, error? }] for every object; exits 1 when any is invalid.
 */
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';

const CRD_PACKAGES = {
  'keda.sh': '@kubernetes-models/keda',
  'external-secrets.io': '@kubernetes-models/external-secrets',
};

async function modelFor(apiVersion, kind) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const crd = CRD_PACKAGES[group];
  const specifier = crd ? `${crd}/${group}/${version}/${kind}` : `kubernetes-models/${group ? `${group}/` : ''}${version}/${kind}`;
  const module = await import(specifier);
  return module[kind];
}

const objects = parseAllDocuments(readFileSync(process.argv[2], 'utf8'))
  .map((doc) => doc.toJS())
  .filter((o) => o && typeof o === 'object');
const results = [];
for (const object of objects) {
  const result = { kind: object.kind, name: object.metadata?.name };
  try {
    const Model = await modelFor(object.apiVersion, object.kind);
    if (!Model) throw new Error(`no schema for ${object.apiVersion} ${object.kind}`);
    new Model(object).validate();
  } catch (err) {
    result.error = err instanceof Error ? err.message : String(err);
  }
  results.push(result);
}
console.log(JSON.stringify(results));
process.exit(results.some((r) => r.error) ? 1 : 0);
