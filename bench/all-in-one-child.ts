/**
 * The all-in-one as the benchmarks measure it: in a process of its own, as `npm start` runs it,
 * so the load the benchmark generates (its requests, streams and JSON) is not counted against
 * the server's event loop. Started by `all-in-one-process.ts` over an IPC channel; answers
 * its messages: the per-thread CPU time, a CPU profile of the main thread, and stop.
 */
import fs from 'node:fs';
import inspector from 'node:inspector';
import { type AllInOneOptions, startAllInOne } from '../deploy/all-in-one';
import { threadCpuMs } from './proc-cpu';

export type ChildRequest = { id: number; op: 'threads' | 'profile-start' | 'profile-stop' | 'stop'; file?: string };

/** A file for the main thread's allocations while the CPU profile runs (BENCH_HEAP_PROFILE, set by the benchmark's caller). */
const HEAP_PROFILE = process.env.BENCH_HEAP_PROFILE;

function profiler() {
  const session = new inspector.Session();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))));
  return {
    async start() {
      session.connect();
      await post('Profiler.enable');
      await post('Profiler.setSamplingInterval', { interval: 500 });
      await post('Profiler.start');
      if (HEAP_PROFILE) {
        // Every allocation sampled, also of objects already collected: where the GC's work comes from.
        await post('HeapProfiler.enable');
        const everything = { includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true };
        await post('HeapProfiler.startSampling', { samplingInterval: 16384, ...everything });
      }
    },
    async stop(file: string) {
      if (HEAP_PROFILE) {
        const { profile: heap } = (await post('HeapProfiler.stopSampling')) as { profile: unknown };
        fs.writeFileSync(HEAP_PROFILE, JSON.stringify(heap));
      }
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      session.disconnect();
      fs.writeFileSync(file, JSON.stringify(profile));
    },
  };
}

async function main() {
  const options = JSON.parse(process.env.BENCH_ALL_IN_ONE as string) as AllInOneOptions;
  const app = await startAllInOne(options);
  const cpuProfile = profiler();
  process.on('message', (request: ChildRequest) => {
    const answer = async () => {
      if (request.op === 'threads') return { main: String(process.pid), threads: threadCpuMs() };
      if (request.op === 'profile-start') return cpuProfile.start();
      if (request.op === 'profile-stop') return cpuProfile.stop(request.file as string);
      await app.stop();
      return undefined;
    };
    answer().then(
      (value) => {
        process.send?.({ id: request.id, value });
        if (request.op === 'stop') process.disconnect();
      },
      (err: unknown) => process.send?.({ id: request.id, error: String(err) }),
    );
  });
  process.send?.({ id: 0, value: app.url });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
