/** The admin area's list tabs and the test id of the list each shows (the browser tests and `npm run screens`). */
export const ADMIN_LIST_TABS = [
  ['Members', 'members-table'],
  ['User Levels', 'levels-table'],
  ['Packages', 'package-cards'],
  ['Subscriptions', 'plan-cards'],
  ['Cache', 'cache-table'],
  ['Perplexity Results', 'ai-results-table'],
  ['User Activities', 'activities-table'],
] as const;
