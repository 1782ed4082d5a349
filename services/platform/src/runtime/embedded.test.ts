import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventQueue } from '@stockai/contracts';
import { testEvent, waitFor } from '../bus/test-helpers';
import type { EventEnvelope } from '../bus/types';
import { createEmbeddedInfrastructure } from './embedded';

describe('createEmbeddedInfrastructure', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-'));
  const sut = createEmbeddedInfrastructure(dataDir);

  afterAll(async () => {
    await sut.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps an event published before its consumer subscribes, as auth publishes before billing starts', async () => {
    const published = testEvent('user.registered', { userId: 'u-1' });
    await sut.bus.publish(published);

    const received: EventEnvelope[] = [];
    await sut.bus.subscribe({ ...eventQueue('billing.user-registered'), handler: async (e) => void received.push(e) });
    await waitFor('the event published before the subscription', () => received.length === 1);
    expect(received).toEqual([published]);
  });
});
