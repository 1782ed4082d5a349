/**
 * Runs `pass` every `intervalMs` (the first after one interval) until `stop`, which waits for a
 * pass under way. A pass never overlaps the next: the timer is set again only once it ended.
 * A failing pass is logged with `what` and the next one runs all the same.
 */
export function every(
  intervalMs: number,
  pass: () => Promise<unknown>,
  log: (err: unknown, msg: string) => void,
  what: string,
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = pass()
      .then(() => undefined)
      .catch((err: unknown) => log(err, `${what} failed`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs).unref();
      });
  };
  timer = setTimeout(tick, intervalMs).unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
