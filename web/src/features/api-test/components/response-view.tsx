import { useTranslation } from 'react-i18next';
import type { ApiTestResponse } from '../types/api-description';

function statusClass(status: number): string {
  if (status >= 500) return 'api-test__status--server-error';
  if (status >= 400) return 'api-test__status--client-error';
  if (status >= 300) return 'api-test__status--redirect';
  return 'api-test__status--ok';
}

/** Status, time, headers and the pretty-printed body of the last answer. */
export function ResponseView({ response }: { response: ApiTestResponse }) {
  const { t } = useTranslation('en');
  return (
    <section className="card api-test__response" aria-labelledby="api-test-response-title">
      <div className="ui-wrap ui-wrap--3 api-test__response-head">
        <h2 id="api-test-response-title" className="api-test__section-title">
          {t('apiTest.response')}
        </h2>
        <span className={`api-test__status ${statusClass(response.status)}`} data-testid="api-test-status">
          {response.status} {response.statusText}
        </span>
        <span className="api-test__timing" data-testid="api-test-timing">
          {t('apiTest.timing', { ms: response.durationMs })}
        </span>
      </div>
      <details className="api-test__headers">
        <summary>{t('apiTest.headers', { count: response.headers.length })}</summary>
        <dl>
          {response.headers.map(([name, value]) => (
            <div key={name} className="api-test__header">
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      <h3 className="api-test__subtitle">{t('apiTest.body')}</h3>
      <pre className="api-test__body" data-testid="api-test-body">
        {response.body || t('apiTest.emptyBody')}
      </pre>
    </section>
  );
}
