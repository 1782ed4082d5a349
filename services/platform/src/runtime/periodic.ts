/** A job run on a schedule by `runPeriodically`. */
export interface PeriodicJob {
  /** Stops the schedule and waits for a run under way to end. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `everyMs` until stopped: the first run after one interval, or at once with
 * `immediately`. Runs never overlap: the next is scheduled only when one has ended, so a slow
 * run (a sweep over a long backlog) delays the next instead of racing it. A run that fails is
 * handed to `onError` and the schedule goes on: a sweep's next pass is its retry. The timer
 * does not keep the process alive. Every periodic sweep (billing's, analysis's, content's) runs
 * through this one loop.
 */
export function runPeriodically(options: {
  everyMs: number;
  run: () => Promise<unknown>;
  onError: (err: unknown) => void;
  immediately?: boolean;
}): PeriodicJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const schedule = (ms: number) => {
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  function tick() {
    running = Promise.resolve()
      .then(options.run)
      .then(
        () => undefined,
        (err: unknown) => options.onError(err),
      )
      .finally(() => {
        if (!stopped) schedule(options.everyMs);
      });
  }
  if (options.immediately) tick();
  else schedule(options.everyMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
