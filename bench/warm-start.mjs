#!/usr/bin/env node
// How long `npm start` takes to be ready: once on a new data directory (databases made), then
// BENCH_RUNS (5) times again on it with nothing changed (no web build, no server bundle, databases
// reopened: ADRs 28 and 51).
// Ready = the first 200 from the gateway's /readyz, asked every 0.1 s from the moment the command
// starts (issue 30's measure). Usage: node bench/warm-start.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const POLL_MS = 100;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function startOnce(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  let exitCode;
  const exitedEarly = new Promise((_, reject) =>
    child.on('exit', (code) => {
      exitCode = code;
      reject(new Error(`npm start exited with ${code}:\n${log.slice(-2000)}`));
    }),
  );
  const ready = (async () => {
    while (exitCode === undefined) {
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ok) return (performance.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  const seconds = await Promise.race([ready, exitedEarly]);
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.on('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
  return seconds;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stockai-start-'));
try {
  console.log(`first start (new data directory): ${(await startOnce(dataDir)).toFixed(1)} s`);
  const warm = [];
  for (let i = 0; i < RUNS; i++) warm.push(await startOnce(dataDir));
  warm.sort((a, b) => a - b);
  console.log(
    `unchanged start: median ${warm[Math.floor(warm.length / 2)].toFixed(1)} s (runs ${warm.map((s) => s.toFixed(1)).join(', ')})`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
