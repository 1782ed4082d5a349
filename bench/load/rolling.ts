import { randomUUID } from 'node:crypto';
import type { ProcessGroup, ProcessName } from '../../deploy/distributed';
import { SERVICES } from '../../deploy/distributed';
import { lastEventData, requestText } from '../http-client';
import { type Figures, Recorder } from './measure';
import { SYMBOLS, apiOf } from './scenarios';

/**
 * A rollout under load (issue 31 item 5, ADR 0073): with two replicas of every service and of
 * the worker, each of the 12 gets SIGTERM in turn while 12 members search, read their credits
 * and start analyses (with an Idempotency-Key, as the web app does) that they follow to the end
 * over the event stream, reconnecting on its hint and polling after five tries, as the web app
 * does. The next replica is signalled only once the previous one's replacement is ready, as a
 * Deployment with maxUnavailable 0 rolls. Then the same load around one SIGKILL.
 */

/** Signals one replica and waits for its replacement, as the kubelet and a Deployment would. */
export interface Rollout {
  /** The service and worker replicas in the order they are replaced. */
  readonly names: readonly ProcessName[];
  /** Sends `signal`; resolves once a replacement is ready, with how long the exit and the whole took. */
  replace(name: ProcessName, signal: 'SIGTERM' | 'SIGKILL'): Promise<{ exitMs: number; readyMs: number }>;
}

/** A supervised group of two replicas (or more): every service's, then the worker's. */
export function rolloutOf(group: ProcessGroup, replicas: number): Rollout {
  const names = [...SERVICES, 'analysis-worker' as const].flatMap((name) =>
    Array.from({ length: replicas }, (_, k) => (k === 0 ? name : (`${name}#${k}` as ProcessName))),
  );
  return {
    names,
    async replace(name, signal) {
      const t0 = Date.now();
      await group.kill(name, signal);
      const exitMs = Date.now() - t0;
      await group.waitReady(name, 120_000);
      return { exitMs, readyMs: Date.now() - t0 };
    },
  };
}

export interface Member {
  token: string;
  /** Analyses this member may still start (their credits, at most a few per phase). */
  startsLeft: number;
  /** Every analysis the member started (a 202), across phases. */
  started: string[];
}

export interface UnderLoad {
  durationMs: number;
  /** Every request the members made, by status (`ECONNRESET`, … for a connection error). */
  requests: Figures;
  /** 5xx answers and connection errors: what a member would see as a failure. */
  failed: number;
  /** Analyses started (202) in this phase, and how they ended. */
  analyses: { started: number; completed: number; other: string[] };
  /** Credits spent against analyses completed, member by member. */
  credits: { lost: number; takenTwice: number };
  /** What happened to the replicas meanwhile. */
  replaced: Array<{ name: ProcessName; signal: string; exitMs: number; readyMs: number }>;
}

const FINAL = new Set(['completed', 'failed']);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the members' load while `disrupt` signals replicas, then waits for every analysis they
 * started to end and checks each member's credits against their completed analyses.
 */
export async function underLoad(
  base: string,
  members: Member[],
  disrupt: () => Promise<UnderLoad['replaced']>,
  options: { startsPerMember: number },
): Promise<UnderLoad> {
  const api = apiOf(base);
  const requests = new Recorder();
  const credits = (m: Member) => requests.time(() => api('GET', '/api/users/credits', m.token));
  const balancesBefore = await Promise.all(members.map(async (m) => (await credits(m))?.body.totalCredits as number));
  const startedBefore = members.map((m) => m.started.length);
  const outcomes: string[] = [];

  /** The event stream until its final event; on a reconnect hint or a cut, again; after 5 tries, polling. */
  async function follow(member: Member, id: string): Promise<string> {
    const headers = { authorization: `Bearer ${member.token}` };
    for (let attempt = 0; attempt < 5; attempt++) {
      const stream = await requests.time(() => requestText(`${base}/api/analysis/${id}/events`, { headers, timeoutMs: 60_000 }));
      const status = stream?.status === 200 ? (lastEventData(stream.text)?.status as string | undefined) : undefined;
      if (status && FINAL.has(status)) return status;
    }
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const view = await requests.time(() => api('GET', `/api/analysis/${id}`, member.token));
      const status = view?.body.status as string | undefined;
      if (status && FINAL.has(status)) return status;
      await pause(200);
    }
    return 'still running';
  }

  async function startAndFollow(member: Member, symbol: string): Promise<void> {
    const key = randomUUID();
    const res = await requests.time(() => api('POST', `/api/analysis/analyze/${symbol}`, member.token, {}, { 'idempotency-key': key }));
    if (res?.status !== 202) return;
    const id = res.body.analysisId as string;
    member.started.push(id);
    outcomes.push(await follow(member, id));
  }

  let running = true;
  const t0 = Date.now();
  const load = Promise.all(
    members.map(async (member, m) => {
      member.startsLeft = Math.min(options.startsPerMember, balancesBefore[m] ?? 0);
      const words = ['AP', 'MS', '00', 'BANK', 'HK', 'NV'];
      for (let i = m; running; i++) {
        // Starts spread over the first seconds, so some are in flight whenever a replica is signalled.
        if (i % 5 === 0 && member.startsLeft > 0 && Date.now() - t0 >= m * 150) {
          member.startsLeft--;
          await startAndFollow(member, SYMBOLS[(m * 7 + i) % SYMBOLS.length] as string);
        } else if (i % 5 === 2) await credits(member);
        else await requests.time(() => api('GET', `/api/stocks?q=${words[i % words.length] as string}`, member.token));
        // A member's pace between two actions: the load stays steady rather than flat out on two cores.
        await pause(150);
      }
    }),
  );
  const replaced = await disrupt();
  running = false;
  await load;
  const durationMs = Date.now() - t0;

  let lost = 0;
  let takenTwice = 0;
  for (const [m, member] of members.entries()) {
    const after = (await credits(member))?.body.totalCredits as number;
    const completedHere = await completedAmong(api, member, member.started.slice(startedBefore[m]));
    const diff = (balancesBefore[m] as number) - after - completedHere;
    if (diff > 0) lost += diff;
    if (diff < 0) takenTwice -= diff;
  }
  const figures = requests.figures();
  const failed = Object.entries(figures.byStatus)
    .filter(([status]) => !/^\d+$/.test(status) || Number(status) >= 500)
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    durationMs,
    requests: figures,
    failed,
    analyses: {
      started: outcomes.length,
      completed: outcomes.filter((o) => o === 'completed').length,
      other: outcomes.filter((o) => o !== 'completed'),
    },
    credits: { lost, takenTwice },
    replaced,
  };
}

/** How many of these analyses completed, each counted once, as the member's own history lists them. */
async function completedAmong(api: ReturnType<typeof apiOf>, member: Member, ids: string[]): Promise<number> {
  let completed = 0;
  for (const id of new Set(ids)) {
    const view = await api('GET', `/api/analysis/${id}`, member.token);
    if (view.body.status === 'completed') completed++;
  }
  return completed;
}

/** Every replica gets SIGTERM in turn, each only once the previous one's replacement is ready. */
export const rollingRestart = (rollout: Rollout) => async (): Promise<UnderLoad['replaced']> => {
  const replaced: UnderLoad['replaced'] = [];
  // Let the load settle first, so each replica has requests and streams in flight when signalled.
  await pause(2000);
  for (const name of rollout.names) replaced.push({ name, signal: 'SIGTERM', ...(await rollout.replace(name, 'SIGTERM')) });
  return replaced;
};

/** One replica killed outright (SIGKILL) under load, then the load runs on until its replacement is ready. */
export const crash = (rollout: Rollout, name: ProcessName) => async (): Promise<UnderLoad['replaced']> => {
  // While the members' analysis starts (spread over 0–1.8 s) are in flight.
  await pause(1000);
  return [{ name, signal: 'SIGKILL', ...(await rollout.replace(name, 'SIGKILL')) }];
};

/** The figures as lines for bench/README.md and the load suite's table. */
export function describeUnderLoad(phase: UnderLoad): Record<string, Figures | string> {
  const exits = phase.replaced.map((r) => r.exitMs);
  const readies = phase.replaced.map((r) => r.readyMs);
  const range = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)} ms`;
  return {
    requests: phase.requests,
    failed: `${phase.failed} failed (5xx or connection error) of ${phase.requests.count} in ${(phase.durationMs / 1000).toFixed(0)} s`,
    analyses: `${phase.analyses.started} started, ${phase.analyses.completed} completed${phase.analyses.other.length ? ` (others: ${phase.analyses.other.join(', ')})` : ''}`,
    credits: `${phase.credits.lost} credits lost, ${phase.credits.takenTwice} taken twice`,
    replicas: `${phase.replaced.length} × ${phase.replaced[0]?.signal ?? '-'}: signal to exit ${range(exits)}, to replacement ready ${range(readies)}`,
  };
}
