import { steadyCompany } from '../report/fixtures';
import { cleanText, parseNarrative, renderTemplate } from './prompt';

describe('the AI prompt and answer', () => {
  it('fills the known placeholders of a system prompt and leaves other braces alone', () => {
    const sut = renderTemplate('分析 {{companyName}}（{{ symbol }}，{{market}}，{{currency}}）{{unknown}} {"a": 1}', steadyCompany());
    expect(sut).toBe('分析 穩定工業（STDY，US，USD）{{unknown}} {"a": 1}');
  });

  it('reads the business fields from a fenced JSON answer, dropping citation markers and empty fields', () => {
    const answer =
      '以下是分析：\n```json\n{"primaryBusiness": "生產機械[1][2]", "marketPosition": "  ", "growthProspects": "穩定[3, 4]", "extra": "x"}\n```';
    expect(parseNarrative(answer)).toEqual({ primaryBusiness: '生產機械', growthProspects: '穩定' });
  });

  it('finds nothing in prose, broken JSON or JSON without the fields', () => {
    expect(parseNarrative('抱歉，我無法回答。')).toBeUndefined();
    expect(parseNarrative('{"primaryBusiness": "未完')).toBeUndefined();
    expect(parseNarrative('{"other": "x"}')).toBeUndefined();
  });

  it('cleans citation markers from a summary', () => {
    expect(cleanText('估值合理[1]，風險可控[2,3]。 ')).toBe('估值合理，風險可控。');
  });
});
