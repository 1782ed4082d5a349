/**
 * What the API client checks answers with: the contracts' zod schemas (and zod, for the few
 * answers a feature describes itself). Imported only through `loadAnswerSchemas`, so that zod
 * and the contracts (~30 KB gzip) download beside the first API request instead of before the
 * first paint (ADR 50).
 */
export * from '@stockai/contracts';
export { z } from 'zod';
