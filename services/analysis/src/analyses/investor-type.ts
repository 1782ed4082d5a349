import { RISK_PROFILES, RISK_SCORE_MAX, type RiskProfileId, riskProfileFor } from '@stockai/contracts';

/**
 * The requesting user's investor type from the `userProfile` the page sends with the start
 * (its stored profile as `GET users/profile` returned it): `riskProfile` when it names a type
 * (the id, e.g. `growth`, or its name, e.g. 成長型), else the type whose band holds `riskScore`.
 * A malformed userProfile is not an error: the page sends whatever the user saved, and the
 * analysis is worth having without it.
 *
 * When this gives none (no userProfile: an API client, the older `POST analyze-stocks`; or one
 * naming no type), the start falls back to the type analysis keeps from auth's `user.updated`
 * events (`investor-types/`), so the report still puts the user's own type first and
 * highlighted; with neither, it advises every type with none highlighted. A userProfile sent
 * with the start wins over the stored type: it is what the user is looking at, and the stored
 * one may lag a profile saved a moment earlier by the time its event arrives.
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
