/**
 * Puts the dead-lettered messages of one consumer queue back on it (docs/operations.md):
 *
 *   AMQP_URL=amqp://... node --import tsx services/platform/src/cli/replay-dead-letters.ts billing.user-registered [limit]
 *
 * The queue name includes AMQP_QUEUE_PREFIX when the deployment uses one.
 */
import { z } from 'zod';
import { replayDeadLetters } from '../bus/dead-letters';
import { env, loadConfig } from '../config';

const [queue, limitText] = process.argv.slice(2);
const limit = limitText === undefined ? undefined : Number(limitText);
if (!queue || (limit !== undefined && !(Number.isInteger(limit) && limit > 0))) {
  console.error('usage: replay-dead-letters <queue> [how many, default all]');
  process.exit(2);
}
const config = loadConfig(z.object({ AMQP_URL: env.url().default('amqp://guest:guest@127.0.0.1:5672') }));

replayDeadLetters(config.AMQP_URL, queue, { limit }).then(
  (replayed) => console.log(`${replayed} message(s) moved from ${queue}.dlq back to ${queue}`),
  (err: unknown) => {
    console.error(`replay failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
