/**
 * The five stages of the progress overlay and the percent each one ends at (spec sections 4
 * and 9). The current stage is the floor of progress / 20; 95 belongs to the fifth.
 */
export const PROGRESS_STAGES = [
  { key: 'collect', threshold: 20 },
  { key: 'valuation', threshold: 40 },
  { key: 'business', threshold: 60 },
  { key: 'advice', threshold: 80 },
  { key: 'report', threshold: 95 },
] as const;

/** 0-based index of the stage in progress (5 once everything is done). */
export function currentStageIndex(progress: number): number {
  if (progress >= 100) return PROGRESS_STAGES.length;
  return Math.min(Math.floor(progress / 20), PROGRESS_STAGES.length - 1);
}

export type StageState = 'done' | 'active' | 'pending';

export function stageState(index: number, progress: number): StageState {
  const current = currentStageIndex(progress);
  if (index < current) return 'done';
  return index === current ? 'active' : 'pending';
}
