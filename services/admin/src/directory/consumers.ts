import { eventQueue, parseEventData } from '@stockai/contracts';
import { type Database, type EventEnvelope, type Queryable, type Subscription, handleOnce } from '@stockai/platform';
import { analysesRepo } from '../analyses/repo';
import { membersRepo } from './repo';

/** Applies one event to the members directory and the analysis counts. */
export async function applyToReadModels(event: EventEnvelope, tx: Queryable): Promise<void> {
  const at = event.occurredAt;
  switch (event.type) {
    case 'user.registered': {
      const d = parseEventData('user.registered', event.data);
      return membersRepo.registered(tx, { userId: d.userId, email: d.email, firstName: d.firstName, lastName: d.lastName, at });
    }
    case 'user.updated': {
      const d = parseEventData('user.updated', event.data);
      if (d.role) await membersRepo.roleChanged(tx, d.userId, d.role, at);
      return;
    }
    case 'user.deleted':
      return membersRepo.deleted(tx, parseEventData('user.deleted', event.data).userId, at);
    case 'user.logged-in': {
      const d = parseEventData('user.logged-in', event.data);
      if (d.success && d.userId) await membersRepo.loggedIn(tx, d.userId, at);
      return;
    }
    case 'membership.changed': {
      const d = parseEventData('membership.changed', event.data);
      return membersRepo.levelChanged(tx, d.userId, d.level, at);
    }
    case 'analysis.requested':
      return analysesRepo.requested(tx, { ...parseEventData('analysis.requested', event.data), at });
    case 'analysis.completed':
      return analysesRepo.finished(tx, { ...parseEventData('analysis.completed', event.data), at, status: 'completed' });
    case 'analysis.failed':
      return analysesRepo.finished(tx, { ...parseEventData('analysis.failed', event.data), at, status: 'failed' });
  }
}

export function readModelSubscriptions(db: Database): Subscription[] {
  return [{ ...eventQueue('admin.read-models'), handler: handleOnce(db, 'admin.read-models', applyToReadModels) }];
}
