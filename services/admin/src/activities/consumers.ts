import { eventQueue, parseEventData } from '@stockai/contracts';
import { type Database, type EventEnvelope, type Subscription, handleOnce } from '@stockai/platform';
import { type ActivityRow, activitiesRepo } from './repo';

/** Turns an event into the activity-log row the admin area lists (spec: admin area, User Activities). */
export function toActivity(event: EventEnvelope): ActivityRow | undefined {
  const base = { id: event.id, occurred_at: new Date(event.occurredAt) };
  switch (event.type) {
    case 'user.registered': {
      const data = parseEventData('user.registered', event.data);
      return {
        ...base,
        user_id: data.userId,
        email: data.email,
        activity_type: 'registration',
        status: 'success',
        details: { firstName: data.firstName, lastName: data.lastName },
      };
    }
    case 'user.logged-in': {
      const data = parseEventData('user.logged-in', event.data);
      return {
        ...base,
        user_id: data.userId,
        email: data.email,
        activity_type: 'login',
        status: data.success ? 'success' : 'failed',
        details: { reason: data.reason, ipAddress: data.ip, userAgent: data.userAgent },
      };
    }
    default:
      return undefined;
  }
}

export function activitySubscriptions(db: Database): Subscription[] {
  return [
    {
      ...eventQueue('admin.activity-log'),
      handler: handleOnce(db, 'admin.activity-log', async (event, tx) => {
        const activity = toActivity(event);
        if (activity) await activitiesRepo.insert(tx, activity);
      }),
    },
  ];
}
