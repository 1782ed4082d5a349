export * from './events';
export * from './internal';
export * from './risk-questionnaire';
