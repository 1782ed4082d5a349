import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import type { TestProject } from 'vitest/node';

/** Starting five services with their embedded databases takes a while on a shared machine. */
const START_TIMEOUT_MS = 240_000;

/**
 * One real API for the whole run, in its own process (through tsx; `npm start` runs the same code bundled, ADR 51): the tests
 * drive the web's client, hooks and components against the product's own answers.
 */
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join('web', 'test', 'start-api.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the test API did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
    server.once('exit', (code) => reject(new Error(`the test API exited with code ${code}`)));
    readline.createInterface({ input: server.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      clearTimeout(timer);
      resolve((JSON.parse(line) as { url: string }).url);
    });
  });
  project.provide('apiUrl', url);
  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  };
}
