export { startMetrics, type MetricsOptions, type RunningMetrics } from './provider';
export { analysisDuration, countPublishedEvent, instrument, recordConsumerLag } from './instruments';
export { expressRoute, httpMetrics } from './http';
