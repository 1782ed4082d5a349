import { testInfra, uniqueName } from '../testing';
import { createAmqpBus } from './amqp';
import { describeBusConformance } from './bus.conformance';
import { createMemoryBus } from './memory';
import { deleteAmqpTopology } from './test-helpers';

describeBusConformance('memory', async (options) => {
  const bus = createMemoryBus(options);
  return { bus, dispose: () => bus.close() };
});

describeBusConformance('RabbitMQ', async (options) => {
  const { amqpUrl } = await testInfra();
  const exchange = uniqueName('events');
  const bus = await createAmqpBus(amqpUrl, { exchange, ...options });
  return {
    bus,
    async dispose(queues) {
      await bus.close();
      await deleteAmqpTopology(amqpUrl, exchange, queues);
    },
  };
});
