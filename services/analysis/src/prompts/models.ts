/**
 * The chat models an admin may choose from. Perplexity documents its models but serves no
 * model list, so they are named here; any other OpenAI-compatible provider lists just the
 * configured model. Choosing a model is not wired (the spec's admin screen shows the choice
 * only); LLM_MODEL decides.
 */
const PERPLEXITY_MODELS = ['sonar', 'sonar-pro', 'sonar-reasoning', 'sonar-reasoning-pro', 'sonar-deep-research'];

export interface ModelChoice {
  /** The model the analyst uses, or 'built-in' without an API key. */
  current: string;
  available: string[];
}

/** The AI provider as configured; undefined when no API key is set (the built-in analyst writes). */
export interface ProviderConfig {
  baseUrl: string;
  model: string;
}

export function modelChoice(provider: ProviderConfig | undefined): ModelChoice {
  if (!provider) return { current: 'built-in', available: ['built-in'] };
  const known = new URL(provider.baseUrl).hostname.endsWith('perplexity.ai') ? PERPLEXITY_MODELS : [];
  return { current: provider.model, available: [...new Set([provider.model, ...known])] };
}
