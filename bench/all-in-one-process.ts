import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import type { AllInOneOptions } from '../deploy/all-in-one';
import type { ChildRequest } from './all-in-one-child';

export interface AllInOneProcess {
  url: string;
  /** CPU time (ms) of the server's main thread and of all its other threads (database threads, GC). */
  cpu(): Promise<{ main: number; others: number; threads: Record<string, number> }>;
  startProfile(): Promise<void>;
  stopProfile(file: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the all-in-one in a child process (tsx, as `npm start`'s bundle runs the same code)
 * and drives it over IPC. The benchmark's clients stay in this process: on the server's
 * event loop they would take the time of the very requests they measure.
 */
export async function startAllInOneProcess(options: AllInOneOptions): Promise<AllInOneProcess> {
  const child: ChildProcess = fork(path.join(__dirname, 'all-in-one-child.ts'), [], {
    // BENCH_NODE_ARGS: flags for the server's node (e.g. `--trace-gc`, which NODE_OPTIONS refuses).
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    env: { ...process.env, BENCH_ALL_IN_ONE: JSON.stringify(options) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  let nextId = 1;
  child.on('message', (reply: { id: number; value?: unknown; error?: string }) => {
    const call = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.error) call?.reject(new Error(reply.error));
    else call?.resolve(reply.value);
  });
  child.on('exit', (code) => {
    for (const call of waiting.values()) call.reject(new Error(`the all-in-one exited (${code})`));
    waiting.clear();
  });
  const ask = (op: ChildRequest['op'], file?: string) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      child.send({ id, op, file } satisfies ChildRequest);
    });
  const url = (await new Promise<unknown>((resolve, reject) => waiting.set(0, { resolve, reject }))) as string;
  return {
    url,
    async cpu() {
      const { main, threads } = (await ask('threads')) as { main: string; threads: Record<string, number> };
      const others = Object.entries(threads).reduce((sum, [tid, ms]) => (tid === main ? sum : sum + ms), 0);
      return { main: threads[main] ?? 0, others, threads };
    },
    startProfile: async () => void (await ask('profile-start')),
    stopProfile: async (file) => void (await ask('profile-stop', file)),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await ask('stop').catch(() => undefined);
      const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killed);
    },
  };
}
