import { eventQueue, parseEventData } from '@stockai/contracts';
import { type Database, type EventEnvelope, type Subscription, handleOnceInOneStatement } from '@stockai/platform';
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
    case 'analysis.completed':
    case 'analysis.failed': {
      const failed = event.type === 'analysis.failed';
      const data = failed ? parseEventData('analysis.failed', event.data) : parseEventData('analysis.completed', event.data);
      return {
        ...base,
        user_id: data.userId,
        email: null,
        activity_type: 'analysis_attempt',
        status: failed ? 'failed' : 'success',
        details: { symbol: data.symbol, analysisId: data.analysisId, ...('error' in data ? { error: data.error } : {}) },
      };
    }
    case 'analysis.refused': {
      const data = parseEventData('analysis.refused', event.data);
      return {
        ...base,
        user_id: data.userId,
        email: null,
        activity_type: 'analysis_attempt',
        status: 'failed',
        details: { symbol: data.symbol, refused: true, code: data.code, reason: data.reason },
      };
    }
    case 'payment.confirmed':
    case 'payment.failed': {
      const failed = event.type === 'payment.failed';
      const data = failed ? parseEventData('payment.failed', event.data) : parseEventData('payment.confirmed', event.data);
      return {
        ...base,
        user_id: data.userId,
        email: null,
        activity_type: 'payment_attempt',
        status: failed ? 'failed' : 'success',
        details: {
          paymentId: data.paymentId,
          amount: data.price.amount / 100,
          currency: data.price.currency,
          provider: data.provider,
          ...('credits' in data ? { credits: data.credits } : {}),
          ...('reason' in data ? { reason: data.reason } : {}),
        },
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
      // Nobody waits for it: in the all-in-one it leaves the CPU to the users' work first (ADR 62).
      background: true,
      // One statement per event: the claim of its id and its row (ADR 59).
      handler: handleOnceInOneStatement(db, 'admin.activity-log', (event) => {
        const activity = toActivity(event);
        return activity && activitiesRepo.insertClaimed(activity);
      }),
    },
  ];
}
