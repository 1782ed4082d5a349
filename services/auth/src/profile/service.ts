import { eventData, investorPreferencesFrom, scoreRiskAnswers } from '@stockai/contracts';
import { type Database, AppError, badRequest, newEvent, unauthorized, writeOutbox } from '@stockai/platform';
import { emailKey, usersRepo } from '../accounts/repo';
import { toPublicUser } from '../accounts/service';
import { type ProfileRow, profilesRepo } from './repo';
import { LOSS_TOLERANCE_DEFAULT, type ProfileUpdate, QUESTIONNAIRE_ONLY, type StoredFields } from './fields';

/** The profile as the API shows it: every field, lists in both forms, the risk result. */
function toProfile(row: ProfileRow | undefined) {
  const fields = row?.fields ?? {};
  const goals = fields.goals ?? [];
  const sectors = fields.sectors ?? [];
  return {
    age: fields.age ?? null,
    experience: fields.experience ?? null,
    budget: fields.budget ?? null,
    term: fields.term ?? null,
    riskType: fields.riskType ?? null,
    lossTolerance: fields.lossTolerance ?? LOSS_TOLERANCE_DEFAULT,
    goals,
    sectors,
    investmentGoals: goals.join(','),
    preferredSectors: sectors.join(','),
    financialKnowledge: fields.financialKnowledge ?? null,
    investmentGoal: fields.investmentGoal ?? null,
    investmentHorizon: fields.investmentHorizon ?? null,
    investmentRatio: fields.investmentRatio ?? null,
    riskTolerance: fields.riskTolerance ?? null,
    lossReaction: fields.lossReaction ?? null,
    riskProfile: row?.risk_profile ?? null,
    riskScore: row?.risk_score ?? null,
    riskDescription: row?.risk_description ?? null,
    updatedAt: row?.updated_at.toISOString() ?? null,
  };
}

/**
 * The user's basic info and investor profile. Saving any answer that only the risk
 * questionnaire asks requires the whole questionnaire answered (a 400 lists the missing
 * question numbers); whenever all eight answers are present the risk result is computed again,
 * so it never describes answers that have since changed. The `user.updated` of a save carries
 * the resulting investor type (the risk profile), which analysis keeps to highlight the
 * user's own type in a report started without a userProfile, and the wizard's preferences
 * (horizon, goals, sectors), with which analysis tailors the advice of that type.
 */
export function profileService(deps: { db: Database; afterCommit: () => void }) {
  return {
    async get(userId: string) {
      const user = await usersRepo.findById(deps.db, userId);
      if (!user) throw unauthorized('Account no longer exists', 'ACCOUNT_NOT_FOUND');
      return { user: toPublicUser(user), profile: toProfile(await profilesRepo.find(deps.db, userId)) };
    },

    async update(userId: string, input: ProfileUpdate) {
      const result = await deps.db.transaction(async (tx) => {
        const user = await usersRepo.findById(tx, userId);
        if (!user) throw unauthorized('Account no longer exists', 'ACCOUNT_NOT_FOUND');
        if (input.email !== undefined && emailKey(input.email) !== emailKey(user.email)) {
          throw badRequest('email: cannot be changed', 'EMAIL_READ_ONLY');
        }

        const current = await profilesRepo.find(tx, userId);
        const { firstName, lastName, phone, email: _email, goals, investmentGoals, sectors, preferredSectors, ...rest } = input;
        const fields: StoredFields = { ...current?.fields, ...rest };
        if (goals ?? investmentGoals) fields.goals = goals ?? investmentGoals;
        if (sectors ?? preferredSectors) fields.sectors = sectors ?? preferredSectors;

        const assessment = scoreRiskAnswers(fields);
        if (!assessment.complete && QUESTIONNAIRE_ONLY.some((field) => input[field] !== undefined)) {
          throw new AppError(
            400,
            'RISK_QUESTIONNAIRE_INCOMPLETE',
            `Please answer every question of the risk questionnaire; unanswered: ${assessment.missing.join(', ')}`,
          );
        }
        const risk = assessment.complete
          ? { profile: assessment.riskProfile, score: assessment.riskScore, description: assessment.riskDescription }
          : { profile: current?.risk_profile ?? null, score: current?.risk_score ?? null, description: current?.risk_description ?? null };

        if (firstName !== undefined || lastName !== undefined || phone !== undefined) {
          await usersRepo.updateContact(tx, userId, { firstName, lastName, phone });
        }
        await profilesRepo.save(tx, userId, fields, risk);

        const changed = Object.keys(input).filter((key) => key !== 'email');
        if (assessment.complete && current?.risk_score !== assessment.riskScore) changed.push('riskProfile');
        if (changed.length > 0) {
          // The investor type goes with every save once there is one, not only when it changes: a
          // consumer that missed an earlier event (analysis, deployed after the user answered) catches up.
          const investorType = risk.profile === null ? {} : { investorType: risk.profile };
          // The preferences go with every save, empty once cleared, so a consumer never keeps stale ones.
          const preferences = investorPreferencesFrom(fields) ?? { horizon: null, goals: [], sectors: [] };
          await writeOutbox(
            tx,
            newEvent('user.updated', eventData('user.updated', { userId, fields: changed, ...investorType, preferences })),
          );
        }
        const updated = await usersRepo.findById(tx, userId);
        return { user: toPublicUser(updated ?? user), profile: toProfile(await profilesRepo.find(tx, userId)) };
      });
      deps.afterCommit();
      return result;
    },
  };
}

export type ProfileService = ReturnType<typeof profileService>;
