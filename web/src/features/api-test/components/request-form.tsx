import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormRow } from '@/components/ui/form-row/form-row';
import { type ApiParameter, HTTP_METHODS, type HttpMethod } from '../types/api-description';
import { FormMessage } from '@/components/ui/form-message/form-message';

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
    <FormRow
      className="api-test__param"
      htmlFor={id}
      label={
        <>
          {parameter.name}
          {parameter.required && <span aria-hidden="true"> *</span>}
        </>
      }
    >
      <input
        id={id}
        className="field__input"
        value={value}
        required={parameter.required}
        placeholder={parameter.schema?.enum?.map(String).join(' | ') ?? parameter.description ?? ''}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormRow>
  );
}

/** The path or the query parameters, each a field; `values` by parameter name. */
function ParameterGroup(props: {
  legend: string;
  idPrefix: string;
  parameters: ApiParameter[];
  values: Record<string, string>;
  onChange(values: Record<string, string>): void;
}) {
  const { legend, idPrefix, parameters, values, onChange } = props;
  if (parameters.length === 0) return null;
  return (
    <fieldset className="api-test__params">
      <legend>{legend}</legend>
      {parameters.map((p) => (
        <ParameterField
          key={p.name}
          idPrefix={idPrefix}
          parameter={p}
          value={values[p.name] ?? ''}
          onChange={(value) => onChange({ ...values, [p.name]: value })}
        />
      ))}
    </fieldset>
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
      <ParameterGroup
        legend={t('apiTest.pathParams')}
        idPrefix="api-test-path"
        parameters={pathParams}
        values={draft.pathValues}
        onChange={(pathValues) => onChange({ ...draft, pathValues })}
      />
      <ParameterGroup
        legend={t('apiTest.queryParams')}
        idPrefix="api-test-query"
        parameters={queryParams}
        values={draft.queryValues}
        onChange={(queryValues) => onChange({ ...draft, queryValues })}
      />
      <FormRow label={t('apiTest.token')} htmlFor="api-test-token">
        <input
          id="api-test-token"
          className="field__input api-test__mono"
          value={draft.token}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('apiTest.tokenPlaceholder')}
          onChange={(e) => onChange({ ...draft, token: e.target.value })}
        />
      </FormRow>
      <FormRow label={t('apiTest.requestBody')} htmlFor="api-test-body">
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
      </FormRow>
      {error && <FormMessage>{error}</FormMessage>}
      <button type="submit" className="btn btn--primary" disabled={sending}>
        {sending ? t('apiTest.sending') : t('apiTest.send')}
      </button>
    </form>
  );
}
