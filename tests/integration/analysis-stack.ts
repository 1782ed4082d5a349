/**
 * The analysis stack moved to analysis/ with the analysis tests (issue 13); this re-export keeps
 * admin/distributed.test.ts, owned by another change in flight, importing it from here until
 * that import points at './analysis/analysis-stack' and this file is deleted.
 */
export * from './analysis/analysis-stack';
