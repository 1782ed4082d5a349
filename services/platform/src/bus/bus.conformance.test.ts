import { testInfra, uniqueName } from '../testing';
import { createAmqpBus } from './amqp';
import { describeBusConformance } from './bus.conformance';
import { createMemoryBus } from './memory';
import { deleteAmqpTopology } from './test-helpers';

describeBusConformance('memory', async () => {
  const bus = createMemoryBus();
  return { bus, dispose: () => bus.close() };
});

describeBusConformance('RabbitMQ', async () => {
  const { amqpUrl } = await testInfra();
  const exchange = uniqueName('events');
  const bus = await createAmqpBus(amqpUrl, { exchange });
  return {
    bus,
    async dispose(queues) {
      await bus.close();
      await deleteAmqpTopology(amqpUrl, exchange, queues);
    },
  };
});
