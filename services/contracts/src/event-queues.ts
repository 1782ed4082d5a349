import type { EventType } from './events';

/**
 * Every consumer queue of the system and the event types bound to it: the event topology.
 * Each service subscribes with `eventQueue(name)`, and every process declares the whole list
 * on the bus when it connects (`declare` of createAmqpBus and createMemoryBus). An event
 * published to the topic exchange reaches only the queues bound at that moment; were a queue
 * declared only by its own consumer, a `user.registered` published before billing had ever run
 * (auth seeding the admin on a first deploy) would be dropped, and that member would never get
 * a credit account. Declared by whichever process starts first, the queue keeps it.
 * See docs/decisions/0014-every-process-declares-the-event-queues.md.
 *
 * A new subscription is added here first; renaming or removing a queue leaves the old one on
 * the broker (with whatever it holds) until it is deleted by hand.
 */
export const eventQueues = {
  'admin.activity-log': [
    'user.registered',
    'user.logged-in',
    'analysis.completed',
    'analysis.failed',
    'analysis.refused',
    'payment.confirmed',
    'payment.failed',
  ],
  /** The admin service's members directory and analysis counts (its dashboard stats). */
  'admin.read-models': [
    'user.registered',
    'user.updated',
    'user.deleted',
    'user.logged-in',
    'membership.changed',
    'analysis.requested',
    'analysis.completed',
    'analysis.failed',
    'notification.created',
  ],
  'auth.membership-changed': ['membership.changed'],
  /** Auth mails a fired watchlist alert to a member who turned e-mail alerts on (it holds the address). */
  'auth.alert-mail': ['notification.created'],
  'billing.user-directory': ['user.registered', 'user.updated'],
  'billing.user-registered': ['user.registered'],
  'billing.analysis-failed': ['analysis.failed'],
  'content.user-registered': ['user.registered'],
  /** Analysis keeps each user's investor type and preferences, for a start that sends no userProfile. */
  'analysis.user-profiles': ['user.updated'],
  /** Analysis keeps each member's level for the watchlist's limit, and forgets a deleted member's watchlist. */
  'analysis.members': ['membership.changed', 'user.deleted'],
  /** The work queue analysis workers compete on; the API process publishes to it. */
  'analysis.jobs': ['analysis.requested'],
} as const satisfies Record<string, readonly EventType[]>;

export type EventQueueName = keyof typeof eventQueues;

/** A queue and the routing-key patterns it is bound to, as `Subscription` and the bus take them. */
export interface EventQueue {
  queue: string;
  patterns: string[];
}

/** The queue and patterns of one subscription, to spread into it: `{ ...eventQueue('billing.user-registered'), handler }`. */
export function eventQueue<Q extends EventQueueName>(name: Q): EventQueue & { queue: Q } {
  return { queue: name, patterns: [...eventQueues[name]] };
}

/** Every queue of the topology, for a bus to declare when it connects. */
export function allEventQueues(): EventQueue[] {
  return (Object.keys(eventQueues) as EventQueueName[]).map(eventQueue);
}
