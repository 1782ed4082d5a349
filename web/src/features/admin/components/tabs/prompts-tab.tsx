import { usePrompts } from '../../api/analysis-admin';
import { LoadState } from '../load-state';

/** Spec section 2, Prompts: the model and the system prompts; editing is on screen but not wired to any call. */
export function PromptsTab() {
  const prompts = usePrompts();
  return (
    <LoadState query={prompts} failure="Failed to load prompt data">
      {(data) => (
        <div className="ui-stack ui-stack--3 admin-section">
          <section className="admin-card">
            <h3>Model</h3>
            <label className="admin-form">
              Current model
              <select defaultValue={data.models.current} disabled title="Selecting a model is not available yet">
                {data.models.available.map((model) => (
                  <option key={model}>{model}</option>
                ))}
              </select>
            </label>
          </section>
          {data.systemPrompts.map((prompt) => (
            <section key={prompt.id} className="admin-card">
              <h3>{prompt.name}</h3>
              <p className="admin-muted">
                {prompt.id} · {prompt.description}
              </p>
              <textarea className="admin-prompt" rows={6} readOnly value={prompt.template} aria-label={`Template of ${prompt.name}`} />
            </section>
          ))}
        </div>
      )}
    </LoadState>
  );
}
