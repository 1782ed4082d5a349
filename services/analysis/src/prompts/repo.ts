import type { Database, Queryable } from '@stockai/platform';

export interface SystemPromptRow {
  id: string;
  name: string;
  description: string;
  template: string;
  version: number;
  updated_at: Date;
  updated_by: string | null;
}

export interface PromptVersionRow {
  prompt_id: string;
  version: number;
  template: string;
  replaced_at: Date;
  replaced_by: string | null;
}

/**
 * How long a process keeps the system prompts it read. Every report's AI exchanges read their
 * prompt (two per analysis); an edit is seen at once by the process that made it (`update`
 * forgets its copy) and within this time by the others (a distributed worker).
 */
export const PROMPTS_KEPT_MS = 5000;

const kept = new WeakMap<Queryable, { until: number; byId: Promise<Map<string, SystemPromptRow>> }>();

export const systemPromptsRepo = {
  async list(db: Queryable): Promise<SystemPromptRow[]> {
    return (await db.query<SystemPromptRow>('SELECT * FROM system_prompts ORDER BY id')).rows;
  },

  async find(db: Queryable, id: string): Promise<SystemPromptRow | undefined> {
    return (await db.query<SystemPromptRow>('SELECT * FROM system_prompts WHERE id = $1', [id])).rows[0];
  },

  /** A prompt as the AI exchanges use it, from the copy this process keeps (see PROMPTS_KEPT_MS). */
  async current(db: Queryable, id: string): Promise<SystemPromptRow | undefined> {
    let copy = kept.get(db);
    if (!copy || copy.until < Date.now()) {
      const byId = systemPromptsRepo.list(db).then((rows) => new Map(rows.map((row) => [row.id, row])));
      copy = { until: Date.now() + PROMPTS_KEPT_MS, byId };
      kept.set(db, copy);
      byId.catch(() => kept.get(db) === copy && kept.delete(db));
    }
    return (await copy.byId).get(id);
  },

  /** Older versions, newest first. */
  async history(db: Queryable, id: string): Promise<PromptVersionRow[]> {
    return (await db.query<PromptVersionRow>('SELECT * FROM system_prompt_versions WHERE prompt_id = $1 ORDER BY version DESC', [id])).rows;
  },

  /**
   * Replaces the template and keeps the one it replaces, in one transaction; the row lock
   * makes two concurrent edits each keep the version they replaced, and each gets back that
   * version (reading the history afterwards could find the other edit's). Undefined when no
   * such prompt.
   */
  async update(
    db: Database,
    id: string,
    change: { template: string; name?: string; description?: string },
    editor: string,
  ): Promise<{ prompt: SystemPromptRow; replaced: { version: number; template: string } } | undefined> {
    const updated = await db.transaction(async (tx) => {
      const current = (await tx.query<SystemPromptRow>('SELECT * FROM system_prompts WHERE id = $1 FOR UPDATE', [id])).rows[0];
      if (!current) return undefined;
      await tx.query('INSERT INTO system_prompt_versions (prompt_id, version, template, replaced_by) VALUES ($1, $2, $3, $4)', [
        id,
        current.version,
        current.template,
        editor,
      ]);
      const { rows } = await tx.query<SystemPromptRow>(
        `UPDATE system_prompts SET template = $2, name = COALESCE($3, name), description = COALESCE($4, description),
           version = version + 1, updated_at = now(), updated_by = $5
         WHERE id = $1 RETURNING *`,
        [id, change.template, change.name ?? null, change.description ?? null, editor],
      );
      const prompt = rows[0];
      return prompt && { prompt, replaced: { version: current.version, template: current.template } };
    });
    kept.delete(db);
    return updated;
  },
};
