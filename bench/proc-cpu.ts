import { readFileSync, readdirSync } from 'node:fs';

/**
 * CPU time (user + system, ms) a process or thread has used so far, from its `/proc/…/stat`
 * (Linux): utime and stime are fields 14 and 15, the 12th and 13th after the command name, in
 * ticks of 1/100 s.
 */
export function cpuMsOf(statPath: string): number {
  const fields = readFileSync(statPath, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The CPU time of each thread of this process, by thread id. */
export function threadCpuMs(): Record<string, number> {
  return Object.fromEntries(readdirSync('/proc/self/task').map((tid) => [tid, cpuMsOf(`/proc/self/task/${tid}/stat`)]));
}

/**
 * The threads that used 50 ms or more of CPU between two readings of `threadCpuMs`, in the
 * order they were made (thread ids grow): `[id, ms]` pairs.
 */
export function busyThreads(before: Record<string, number>, after: Record<string, number>): Array<readonly [string, number]> {
  return Object.entries(after)
    .map(([tid, ms]) => [tid, ms - (before[tid] ?? 0)] as const)
    .filter(([, ms]) => ms >= 50)
    .sort(([a], [b]) => Number(a) - Number(b));
}
