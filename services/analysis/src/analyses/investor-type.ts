import { RISK_PROFILES, RISK_SCORE_MAX, type RiskProfileId, riskProfileFor } from '@stockai/contracts';

/**
 * The requesting user's investor type, read from the `userProfile` the page sends with the
 * start (its stored profile as `GET users/profile` returned it): `riskProfile` when it names a
 * type (the id, e.g. `growth`, or its name, e.g. 成長型), else the type whose band holds
 * `riskScore`. The stored profile itself lives in the auth service, which offers no internal
 * read, so an analysis started without a usable userProfile gets advice for every type with
 * none highlighted. A malformed userProfile is not an error: the page sends whatever the user
 * saved, and the analysis is worth having without it.
 */
export function investorTypeFrom(userProfile: unknown): RiskProfileId | null {
  if (!userProfile || typeof userProfile !== 'object') return null;
  const { riskProfile, riskScore } = userProfile as { riskProfile?: unknown; riskScore?: unknown };
  if (typeof riskProfile === 'string') {
    const named = Object.values(RISK_PROFILES).find((p) => p.id === riskProfile.trim().toLowerCase() || p.name === riskProfile.trim());
    if (named) return named.id;
  }
  const score = typeof riskScore === 'string' && riskScore.trim() !== '' ? Number(riskScore) : riskScore;
  if (typeof score === 'number' && Number.isInteger(score) && score >= 0 && score <= RISK_SCORE_MAX) return riskProfileFor(score).id;
  return null;
}
