/**
 * Why following an analysis stopped (spec section 8, analysis polling):
 * auth — 401/403; restart — the answer was not an analysis record; notFound — 404;
 * timeout — more than the allowed polls.
 */
export type AnalysisFollowFailure = 'auth' | 'restart' | 'notFound' | 'timeout';

export class AnalysisFollowError extends Error {
  readonly kind: AnalysisFollowFailure;

  constructor(kind: AnalysisFollowFailure) {
    super(`Following the analysis stopped: ${kind}`);
    this.name = 'AnalysisFollowError';
    this.kind = kind;
  }
}
