import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { getAuthToken } from '@/lib/api-client';
import { useApiDescription } from '../api/get-api-description';
import { InvalidJsonBody, NetworkFailure, sendApiTestRequest } from '../api/send-request';
import type { ApiTestResponse, Endpoint } from '../types/api-description';
import { endpointsByTag, initialValue, requestUrl } from '../utils/endpoints';
import { EndpointList } from './endpoint-list';
import { type RequestDraft, RequestForm } from './request-form';
import { ResponseView } from './response-view';
import './api-test.css';
import { FormMessage } from '@/components/ui/form-message/form-message';

function draftFor(endpoint: Endpoint, token: string): RequestDraft {
  const values = (params: Endpoint['pathParams']) => Object.fromEntries(params.map((p) => [p.name, initialValue(p)]));
  return {
    method: endpoint.method,
    path: endpoint.path,
    pathValues: values(endpoint.pathParams),
    queryValues: values(endpoint.queryParams),
    token,
    body: endpoint.exampleBody,
  };
}

/**
 * The API testing page (spec admin-area.md, "API testing page"): the endpoints of the API's
 * own description (GET /api/openapi.json) by category; picking one fills in the method, the
 * parameters and an example body; the answer is shown raw (status, headers, time, body).
 */
export function ApiTestPage() {
  const { t } = useTranslation('en');
  useDocumentTitle(t('apiTest.title'));
  const description = useApiDescription();
  const groups = useMemo(() => (description.data ? endpointsByTag(description.data) : []), [description.data]);
  const [selected, setSelected] = useState<Endpoint | null>(null);
  const [draft, setDraft] = useState<RequestDraft>(() => ({
    method: 'get',
    path: '/api/users/profile',
    pathValues: {},
    queryValues: {},
    token: getAuthToken() ?? '',
    body: '',
  }));
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [response, setResponse] = useState<ApiTestResponse | null>(null);

  const select = useCallback((endpoint: Endpoint) => {
    setSelected(endpoint);
    // The token typed so far stays: it is the developer's, not the endpoint's.
    setDraft((current) => draftFor(endpoint, current.token));
    setError(null);
  }, []);

  const url = requestUrl(draft.path, draft.pathValues, draft.queryValues);
  const send = async () => {
    setError(null);
    setSending(true);
    try {
      setResponse(await sendApiTestRequest({ method: draft.method, url, token: draft.token, body: draft.body }));
    } catch (failure) {
      if (failure instanceof InvalidJsonBody) setError(t('apiTest.invalidJson'));
      else if (failure instanceof NetworkFailure) setError(t('apiTest.networkError'));
      else throw failure;
      setResponse(null);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="ui-stack api-test">
      <header className="ui-stack ui-stack--2 api-test__intro">
        <h1 className="page__title">{t('apiTest.title')}</h1>
        <p className="page__lead">{t('apiTest.lead')}</p>
        <p className="api-test__note">
          {t('apiTest.note')} <a href="/api/docs/">{t('apiTest.reference')}</a>
        </p>
      </header>
      <div className="api-test__columns">
        <aside className="card api-test__catalogue">
          {description.isPending && <Spinner label={t('apiTest.loading')} />}
          {description.isError && <FormMessage>{t('apiTest.loadFailed')}</FormMessage>}
          {description.isSuccess && <EndpointList groups={groups} selectedId={selected?.id ?? null} onSelect={select} />}
        </aside>
        <div className="ui-stack api-test__work">
          {selected && (
            <p className="ui-wrap api-test__summary">
              {selected.summary}
              {selected.adminOnly && <span className="api-test__badge">{t('apiTest.adminOnly')}</span>}
              {!selected.adminOnly && selected.needsToken && <span className="api-test__badge">{t('apiTest.needsToken')}</span>}
            </p>
          )}
          <RequestForm
            draft={draft}
            pathParams={selected?.pathParams ?? []}
            queryParams={selected?.queryParams ?? []}
            url={url}
            sending={sending}
            error={error}
            onChange={setDraft}
            onSend={() => void send()}
          />
          {response && <ResponseView response={response} />}
        </div>
      </div>
    </div>
  );
}
