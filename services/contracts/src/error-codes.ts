/**
 * Every error code the API answers with, in `{ "error": "<message>", "code": "<CODE>" }` (ADR 0005,
 * ADR 0036). Codes are English and stable: clients (the web app) tell errors apart by them and
 * show their own text; messages are for people and may change. A new code is added here first;
 * `error-codes.test.ts` fails on a code thrown anywhere in the services that this list lacks.
 */
export const ERROR_CODES = [
  // Any route (platform, gateway), or more than one service
  'ADMIN_REQUIRED', // the route is for admins
  'BAD_REQUEST', // a request the route cannot act on (its message says why)
  'CONFLICT', // the request conflicts with the current state
  'FORBIDDEN', // the caller may not do this
  'IDEMPOTENCY_KEY_REUSED', // an Idempotency-Key sent again with another body
  'INTERNAL', // an unexpected failure; details are in the logs only
  'INVALID_CHARACTERS', // a NUL or control character where none is accepted
  'BODY_TOO_DEEP', // a JSON body nested deeper than any route's
  'INVALID_JSON', // the body is not JSON
  'INVALID_QUERY', // a query parameter given as a list or an object, or more than once
  'INVALID_SIGNATURE',
  'INVALID_TOKEN', // a token that is forged, malformed or expired
  'MALFORMED_URL', // the path cannot be percent-decoded
  'MEMBER_NOT_FOUND',
  'NOT_FOUND', // no such route or resource
  'PAYLOAD_TOO_LARGE', // the body is over the size limit
  'RATE_LIMITED', // too many requests; Retry-After says when to try again
  'REQUEST_ABORTED', // the client stopped sending the body
  'SELF_DELETION',
  'SERVICE_UNAVAILABLE', // a dependency of the service is down
  'TOKEN_REVOKED', // a token ended by logout or a password change
  'TOO_MANY_STREAMS', // too many open progress streams (per account, or in all)
  'UNAUTHORIZED', // no token where one is needed
  'UNSUPPORTED_ENCODING', // the body is in an encoding the server does not read
  'UPSTREAM_CONNECTION_LOST', // the service closed the connection before answering a request that may not be sent twice
  'UPSTREAM_TIMEOUT', // the service behind the gateway did not answer in time
  'UPSTREAM_UNAVAILABLE', // the service behind the gateway cannot be reached
  'VALIDATION_FAILED', // a field of the body, query or path is missing or wrong; the message names it
  // auth
  'ACCOUNT_NOT_FOUND',
  'EMAIL_READ_ONLY',
  'EMAIL_TAKEN',
  'GOOGLE_EMAIL_UNVERIFIED',
  'GOOGLE_NOT_CONFIGURED',
  'GOOGLE_UNAVAILABLE',
  'INVALID_CREDENTIALS',
  'INVALID_RESET_TOKEN',
  'NO_PASSWORD',
  'RISK_QUESTIONNAIRE_INCOMPLETE',
  'SELF_DEMOTION',
  'WRONG_PASSWORD',
  // billing
  'ACCOUNT_NOT_READY',
  'ALREADY_SUBSCRIBED',
  'ADJUSTMENT_BELOW_ZERO', // an admin's adjustment would take a balance below zero
  'ANALYSIS_ENDED',
  'CARD_DECLINED',
  'CALLER_TOKEN_REQUIRED', // an internal debit without the end user's bearer token
  'DAILY_ABOVE_ALLOWANCE', // an admin's balance edit sets more daily credits than the level's allowance
  'DEBIT_FORBIDDEN',
  'EVENT_IN_PROGRESS',
  'EXPIRY_IN_PAST',
  'FREE_PLAN_EXPIRY',
  'INSUFFICIENT_CREDITS',
  'INVALID_CLIENT_SECRET',
  'INVALID_IDEMPOTENCY_KEY',
  'LEVEL_BUILT_IN',
  'LEVEL_EXISTS',
  'LEVEL_IN_USE',
  'LEVEL_NOT_FOUND',
  'NO_SUBSCRIPTION',
  'NO_SUCH_PRICE',
  'PACKAGE_EXISTS',
  'PACKAGE_NOT_FOUND',
  'PAID_BY_CARD',
  'PAYMENTS_UNAVAILABLE',
  'PAYMENT_FAILED',
  'PAYMENT_INTENT_CANCELED',
  'PAYMENT_INTENT_NOT_FOUND',
  'PAYMENT_METHOD_REQUIRED',
  'PAYMENT_NOT_FOUND',
  'PAYMENT_NOT_SETTLED',
  'PLAN_BUILT_IN',
  'PLAN_CURRENCIES_DIFFER',
  'PLAN_EXISTS',
  'PLAN_IN_USE',
  'PLAN_NOT_FOUND',
  'PRICE_BELOW_MINIMUM',
  'PROCESSOR_INVALID_REQUEST',
  'PROCESSOR_UNAVAILABLE',
  'REFERENCE_OF_ANOTHER_USER',
  'SUBSCRIPTION_PENDING', // the same plan's subscription awaits the card's authentication
  'SUBSCRIBE_IN_PROGRESS',
  'TOPUP_FORBIDDEN',
  'UNKNOWN_LEVEL',
  'UNKNOWN_PACKAGE',
  'UNKNOWN_PAYMENT_METHOD',
  'UNKNOWN_PLAN',
  'UNKNOWN_TEST_CARD',
  // analysis
  'AI_RESULT_NOT_FOUND',
  'ANALYSIS_BUSY',
  'ANALYSIS_NOT_FOUND',
  'ANALYSIS_NOT_QUEUED', // the debited analysis could not be queued; its credit is refunded
  'ANALYSIS_RUNNING',
  'BILLING_UNAVAILABLE', // billing did not answer the debit; the analysis was not started
  'CACHE_ENTRY_NOT_FOUND',
  'NOT_ANALYSABLE',
  'NO_MARKET_DATA',
  'PROMPT_NOT_FOUND',
  'STOCK_NOT_FOUND',
  'UNKNOWN_SYMBOL',
  'NOT_IN_WATCHLIST', // the stock is not on the member's watchlist
  'ALERT_NOT_FOUND',
  'NOTIFICATION_NOT_FOUND',
  'WATCHLIST_FULL', // the member's level allows no more stocks on the watchlist
  // content
  'ARTICLE_NOT_FOUND',
  'GHOST_NOT_CONFIGURED',
  'GHOST_UNAVAILABLE',
  'GHOST_WEBHOOKS_OFF',
  'IMAGE_NOT_FOUND',
  'INVALID_MEMBER',
  'NOT_YOUR_EMAIL',
  'SEARCH_TIMEOUT',
  // admin
  'NOTHING_TO_CHANGE',
  'OWNER_UNAVAILABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
