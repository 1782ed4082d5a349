#!/usr/bin/env node
// How long `npm start` takes to be ready: once on a new data directory (databases made), then
// BENCH_RUNS (3) times again on it with nothing changed (no web build, no server bundle, databases
// reopened: ADRs 28 and 51).
// Ready = the all-in-one logs "StockAI is running". Usage: node bench/warm-start.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
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
  const seconds = await new Promise((resolve, reject) => {
    let log = '';
    const onData = (chunk) => {
      log += chunk;
      if (log.includes('StockAI is running')) resolve((performance.now() - started) / 1000);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${log.slice(-2000)}`)));
  });
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
