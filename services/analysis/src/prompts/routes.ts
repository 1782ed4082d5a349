import { Router } from 'express';
import { z } from 'zod';
import { type Database, callerOf, notFound, requireAdmin } from '@stockai/platform';
import { type ProviderConfig, modelChoice } from './models';
import { type SystemPromptRow, systemPromptsRepo } from './repo';

const promptEdit = z.object({
  template: z.string().trim().min(20, 'must be at least 20 characters').max(20_000),
  name: z.string().trim().min(1).max(100).optional(),
  description: z.string().trim().max(500).optional(),
});
const idParam = z.object({ id: z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a prompt id such as business-analysis') });

const view = (p: SystemPromptRow) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  template: p.template,
  version: p.version,
  updatedAt: p.updated_at,
  updatedBy: p.updated_by,
});

/** The admin area's prompts tab: the model in use, the models available, and the editable system prompts. */
export function promptRoutes(db: Database, provider: ProviderConfig | undefined): Router {
  const router = Router();

  router.get('/internal/admin/prompts', requireAdmin, async (_req, res) => {
    res.json({ models: modelChoice(provider), systemPrompts: (await systemPromptsRepo.list(db)).map(view) });
  });

  router.get('/internal/admin/prompts/:id/versions', requireAdmin, async (req, res) => {
    const { id } = idParam.parse(req.params);
    const prompt = await systemPromptsRepo.find(db, id);
    if (!prompt) throw notFound('Prompt not found', 'PROMPT_NOT_FOUND');
    const previous = await systemPromptsRepo.history(db, id);
    res.json({
      prompt: view(prompt),
      previousVersions: previous.map((v) => ({
        version: v.version,
        template: v.template,
        replacedAt: v.replaced_at,
        replacedBy: v.replaced_by,
      })),
    });
  });

  /** Replaces a prompt's template (and optionally name and description); the replaced text is kept as a version. */
  router.put('/internal/admin/prompts/:id', requireAdmin, async (req, res) => {
    const { id } = idParam.parse(req.params);
    const change = promptEdit.parse(req.body ?? {});
    const updated = await systemPromptsRepo.update(db, id, change, callerOf(req).id);
    if (!updated) throw notFound('Prompt not found', 'PROMPT_NOT_FOUND');
    res.json({ success: true, prompt: view(updated.prompt), previousVersion: updated.replaced });
  });

  return router;
}
