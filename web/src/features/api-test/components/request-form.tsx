import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiParameter, HTTP_METHODS, type HttpMethod } from '../types/api-description';

export interface RequestDraft {
  method: HttpMethod;
  path: string;
  pathValues: Record<string, string>;
  queryValues: Record<string, string>;
  token: string;
  body: string;
}

interface RequestFormProps {
  draft: RequestDraft;
  pathParams: ApiParameter[];
  queryParams: ApiParameter[];
  url: string;
  sending: boolean;
  error: string | null;
  onChange(draft: RequestDraft): void;
  onSend(): void;
}

function ParameterField(props: { idPrefix: string; parameter: ApiParameter; value: string; onChange(value: string): void }) {
  const { idPrefix, parameter, value, onChange } = props;
  const id = `${idPrefix}-${parameter.name}`;
  return (
    <div className="field api-test__param">
      <label className="field__label" htmlFor={id}>
        {parameter.name}
        {parameter.required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        className="field__input"
        value={value}
        required={parameter.required}
        placeholder={parameter.schema?.enum?.map(String).join(' | ') ?? parameter.description ?? ''}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** Method, parameters, bearer token and JSON body of the request to send. */
export function RequestForm({ draft, pathParams, queryParams, url, sending, error, onChange, onSend }: RequestFormProps) {
  const { t } = useTranslation('en');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend();
  };
  return (
    <form className="card api-test__request" onSubmit={submit} aria-labelledby="api-test-request-title" noValidate>
      <h2 id="api-test-request-title" className="api-test__section-title">
        {t('apiTest.request')}
      </h2>
      <div className="api-test__line">
        <label className="visually-hidden" htmlFor="api-test-method">
          {t('apiTest.method')}
        </label>
        <select
          id="api-test-method"
          className="field__input api-test__method-select"
          value={draft.method}
          onChange={(e) => onChange({ ...draft, method: e.target.value as HttpMethod })}
        >
          {HTTP_METHODS.map((method) => (
            <option key={method} value={method}>
              {method.toUpperCase()}
            </option>
          ))}
        </select>
        <output className="api-test__url" htmlFor="api-test-method" data-testid="api-test-url">
          {url}
        </output>
      </div>
      {pathParams.length > 0 && (
        <fieldset className="api-test__params">
          <legend>{t('apiTest.pathParams')}</legend>
          {pathParams.map((p) => (
            <ParameterField
              key={p.name}
              idPrefix="api-test-path"
              parameter={p}
              value={draft.pathValues[p.name] ?? ''}
              onChange={(value) => onChange({ ...draft, pathValues: { ...draft.pathValues, [p.name]: value } })}
            />
          ))}
        </fieldset>
      )}
      {queryParams.length > 0 && (
        <fieldset className="api-test__params">
          <legend>{t('apiTest.queryParams')}</legend>
          {queryParams.map((p) => (
            <ParameterField
              key={p.name}
              idPrefix="api-test-query"
              parameter={p}
              value={draft.queryValues[p.name] ?? ''}
              onChange={(value) => onChange({ ...draft, queryValues: { ...draft.queryValues, [p.name]: value } })}
            />
          ))}
        </fieldset>
      )}
      <div className="field">
        <label className="field__label" htmlFor="api-test-token">
          {t('apiTest.token')}
        </label>
        <input
          id="api-test-token"
          className="field__input api-test__mono"
          value={draft.token}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('apiTest.tokenPlaceholder')}
          onChange={(e) => onChange({ ...draft, token: e.target.value })}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="api-test-body">
          {t('apiTest.requestBody')}
        </label>
        <textarea
          id="api-test-body"
          className="field__input api-test__mono api-test__body-input"
          value={draft.body}
          rows={8}
          spellCheck={false}
          disabled={draft.method === 'get'}
          placeholder={draft.method === 'get' ? t('apiTest.noBodyForGet') : '{}'}
          onChange={(e) => onChange({ ...draft, body: e.target.value })}
        />
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={sending}>
        {sending ? t('apiTest.sending') : t('apiTest.send')}
      </button>
    </form>
  );
}
