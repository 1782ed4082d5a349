import { connect } from 'amqplib';

/**
 * Replaying a dead-letter queue (docs/operations.md, "Replay the dead-letter queue"): once the
 * cause of the failures is fixed, each message of `<queue>.dlq` goes back to `<queue>` with
 * its attempt count reset, so its consumer runs it again with its full retry budget. A
 * message is acked off the DLQ only after the broker confirmed its copy (a crash in between
 * duplicates it; the consumer's inbox makes that a no-op). Its `x-error` header, the reason it
 * was dead-lettered, is kept as `x-replayed-error` for whoever looks again.
 */
export async function replayDeadLetters(amqpUrl: string, queue: string, options: { limit?: number } = {}): Promise<number> {
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const connection = await connect(amqpUrl);
  try {
    const channel = await connection.createConfirmChannel();
    // A missing queue closes the channel with an error event as well as rejecting checkQueue.
    channel.on('error', () => undefined);
    await channel.checkQueue(queue);
    await channel.checkQueue(`${queue}.dlq`);
    let replayed = 0;
    while (replayed < limit) {
      const msg = await channel.get(`${queue}.dlq`);
      if (!msg) break;
      const {
        'x-attempt': _attempt,
        'x-error': error,
        ...headers
      } = Object.fromEntries(Object.entries(msg.properties.headers ?? {}).filter(([key]) => !/^x-(first-|last-)?death/.test(key)));
      await new Promise<void>((resolve, reject) => {
        channel.sendToQueue(
          queue,
          msg.content,
          {
            persistent: true,
            contentType: msg.properties.contentType as string | undefined,
            messageId: msg.properties.messageId as string | undefined,
            type: msg.properties.type as string | undefined,
            headers: error === undefined ? headers : { ...headers, 'x-replayed-error': error },
          },
          (err) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve()),
        );
      });
      channel.ack(msg);
      replayed++;
    }
    await channel.close();
    return replayed;
  } finally {
    await connection.close().catch(() => undefined);
  }
}
