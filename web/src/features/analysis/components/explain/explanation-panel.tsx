import { useTranslation } from 'react-i18next';
import type { AnalysisResults, Explanation } from '../../types/results';
import { FIGURE_LABELS, INPUT_LABELS, type Label, SECTION_LABELS, multipleInputLabel, selfNamedInputLabel } from './explain-labels';
import { formatExplained } from './format-explained';
import './explanation-panel.css';

const CODE_GROUPS = ['recommendation', 'riskLevel', 'uncertainty'] as const;

/**
 * 查看計算說明: every figure of the report as a collapsible card (its method, a table of its
 * inputs with units and dates, its source), grouped by section, in words rather than the
 * service's program names.
 */
export function ExplanationPanel({ results }: { results: AnalysisResults }) {
  const { t, i18n } = useTranslation();
  const { currency } = results.valuation;
  const modelNames = new Map(results.valuation.models.map((m) => [m.id as string, m.name]));
  const investorLabels = new Map(results.suggestions.byInvestorType.map((a) => [a.investorType as string, a.label]));

  /** A code (buy, medium…) reads as its label; anything else is formatted in its unit. */
  const valueText = (value: number | string | null, label: Label) => {
    if (typeof value === 'string') {
      for (const group of CODE_GROUPS) {
        const key = `analysis.results.${group}.${value}`;
        if (i18n.exists(key)) return t(key as never);
      }
    }
    return formatExplained(value, label.unit, currency);
  };

  const figureLabel = (figure: string): Label => {
    const known = Object.hasOwn(FIGURE_LABELS, figure) ? FIGURE_LABELS[figure] : undefined;
    if (known) return known;
    const [section, id, field] = figure.split('.');
    if (section === 'valuation' && id === 'models' && field)
      return { label: modelNames.get(field) ?? t('analysis.explain.model'), unit: 'price' };
    if (section === 'suggestions' && id)
      return { label: t('analysis.explain.position', { type: investorLabels.get(id) ?? '' }), unit: 'percent' };
    return { label: t('analysis.explain.otherFigure'), unit: 'number' };
  };

  const inputLabel = (name: string): Label => {
    const known =
      (Object.hasOwn(INPUT_LABELS, name) ? INPUT_LABELS[name] : undefined) ?? multipleInputLabel(name) ?? selfNamedInputLabel(name);
    if (known) return known;
    // The blend names each model's value and weight as `<model>.value` / `<model>.weight`.
    const [model, part] = name.split('.');
    if (model && modelNames.has(model) && part === 'value')
      return { label: t('analysis.explain.modelValue', { model: modelNames.get(model) }), unit: 'price' };
    if (model && modelNames.has(model) && part === 'weight')
      return { label: t('analysis.explain.modelWeight', { model: modelNames.get(model) }), unit: 'fraction' };
    return { label: t('analysis.explain.otherInput'), unit: 'number' };
  };

  const sections = new Map<string, Explanation[]>();
  for (const item of results.explain) {
    const section = item.figure.split('.')[0] ?? '';
    sections.set(section, [...(sections.get(section) ?? []), item]);
  }

  return (
    <details className="explain" data-testid="explanation-panel">
      <summary className="explain__toggle">{t('analysis.results.valuation.explainTitle')}</summary>
      {[...sections].map(([section, items]) => (
        <section key={section} className="ui-stack ui-stack--2 explain__section">
          <h4 className="explain__section-title">{SECTION_LABELS[section] ?? t('analysis.explain.otherSection')}</h4>
          {items.map((item) => {
            const label = figureLabel(item.figure);
            const inputs = Object.entries(item.inputs);
            return (
              <details key={item.figure} className="explain-figure" data-figure={item.figure}>
                <summary className="explain-figure__summary">
                  <span className="explain-figure__name">{label.label}</span>
                  <strong className="explain-figure__value">{valueText(item.value, label)}</strong>
                </summary>
                <div className="ui-stack ui-stack--2 explain-figure__body">
                  <p className="explain-figure__method">
                    <span className="explain-figure__term">{t('analysis.explain.method')}</span>
                    {item.method}
                  </p>
                  {inputs.length > 0 && (
                    <table className="ui-table explain-table">
                      <caption className="visually-hidden">{t('analysis.explain.inputsOf', { figure: label.label })}</caption>
                      <thead>
                        <tr>
                          <th scope="col">{t('analysis.explain.input')}</th>
                          <th scope="col">{t('analysis.explain.value')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {inputs.map(([name, value]) => {
                          const input = inputLabel(name);
                          return (
                            <tr key={name}>
                              <th scope="row">{input.label}</th>
                              <td>{valueText(value, input)}</td>
                            </tr>
                          );
                        })}
                      </tbody>
                    </table>
                  )}
                  <p className="explain-figure__source">{t('analysis.results.valuation.source', { source: item.source })}</p>
                </div>
              </details>
            );
          })}
        </section>
      ))}
    </details>
  );
}
