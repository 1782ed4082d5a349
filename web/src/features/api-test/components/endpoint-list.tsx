import { useTranslation } from 'react-i18next';
import type { Endpoint } from '../types/api-description';

interface EndpointListProps {
  groups: { tag: string; description?: string; endpoints: Endpoint[] }[];
  selectedId: string | null;
  onSelect(endpoint: Endpoint): void;
}

/** The document's operations by category (tag), each a button that fills the request form. */
export function EndpointList({ groups, selectedId, onSelect }: EndpointListProps) {
  const { t } = useTranslation('en');
  return (
    <nav className="api-test__endpoints" aria-label={t('apiTest.endpoints')}>
      {groups.map((group) => (
        <section key={group.tag} className="api-test__group" aria-labelledby={`api-tag-${group.tag}`}>
          <h2 id={`api-tag-${group.tag}`} className="api-test__group-title">
            {group.tag}
          </h2>
          {group.description && <p className="api-test__group-description">{group.description}</p>}
          <ul className="api-test__endpoint-list">
            {group.endpoints.map((endpoint) => (
              <li key={endpoint.id}>
                <button
                  type="button"
                  className="api-test__endpoint"
                  aria-pressed={endpoint.id === selectedId}
                  title={endpoint.summary}
                  onClick={() => onSelect(endpoint)}
                >
                  <span className={`api-test__method api-test__method--${endpoint.method}`}>{endpoint.method.toUpperCase()}</span>
                  <span className="api-test__path">{endpoint.path.replace(/^\/api/, '')}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
