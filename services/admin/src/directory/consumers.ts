import { eventQueue, parseEventData } from '@stockai/contracts';
import {
  type ClaimedChange,
  type Database,
  type EventEnvelope,
  type Queryable,
  type Subscription,
  claimWithChange,
  handleOnce,
} from '@stockai/platform';
import { alertsSentRepo } from '../alerts/repo';
import { analysesRepo } from '../analyses/repo';
import { membersRepo } from './repo';

/** Applies one event to the members directory (the analysis events go by `analysisCountsChange`). */
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
  }
}

/**
 * The counts' change for an analysis event or a sent alert, one statement with the event's claim
 * (ADR 59); undefined for any other event.
 */
export function analysisCountsChange(event: EventEnvelope): ClaimedChange | undefined {
  const at = event.occurredAt;
  switch (event.type) {
    case 'analysis.requested':
      return analysesRepo.requested({ ...parseEventData('analysis.requested', event.data), at });
    case 'analysis.completed':
      return analysesRepo.finished({ ...parseEventData('analysis.completed', event.data), at, status: 'completed' });
    case 'analysis.failed':
      return analysesRepo.finished({ ...parseEventData('analysis.failed', event.data), at, status: 'failed' });
    case 'notification.created': {
      const d = parseEventData('notification.created', event.data);
      return alertsSentRepo.sent({
        notificationId: d.notificationId,
        userId: d.userId,
        kind: d.kind,
        symbol: d.symbol,
        emailed: d.email,
        at,
      });
    }
  }
  return undefined;
}

/**
 * One queue, one inbox: the analysis events, two per analysis, each go as one statement; the
 * members' events, whose changes read before they write, as a transaction.
 */
export function readModelSubscriptions(db: Database): Subscription[] {
  const members = handleOnce(db, 'admin.read-models', applyToReadModels);
  return [
    {
      ...eventQueue('admin.read-models'),
      // The admins' figures: in the all-in-one they wait for the users' work in a burst (ADR 62).
      background: true,
      handler: (event, info) => {
        const change = analysisCountsChange(event);
        return change ? claimWithChange(db, 'admin.read-models', event.id, change) : members(event, info);
      },
    },
  ];
}
