import { z } from 'zod';

/** Every error answer of the API (docs/decisions/0005): an English message and a stable code. */
export const apiError = z
  .object({
    error: z
      .string()
      .meta({ description: 'What went wrong, in English, short and actionable', example: 'email: must be a valid e-mail address' }),
    code: z.string().meta({ description: 'Stable machine-readable code', example: 'VALIDATION_FAILED' }),
  })
  .loose()
  .meta({ id: 'Error', description: 'Some errors add fields the client acts on (e.g. the running analysisId of a 409).' });
export type ApiErrorBody = z.infer<typeof apiError>;
