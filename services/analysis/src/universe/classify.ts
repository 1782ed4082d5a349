import type { Market } from '../market-data/types';

export const STOCK_STATUSES = [
  'active',
  'delisted',
  'inactive',
  'suspended',
  'unsuitable_product',
  'reit_or_trust',
  'highly_speculative',
] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/** Nasdaq's financial status: N normal, D deficient, E delinquent, H deficient and delinquent. */
export type FinancialStatus = 'N' | 'D' | 'E' | 'H';

/** What the bundled sources say about one listing; `null` where they say nothing. */
export interface ListingFacts {
  market: Market;
  name: string;
  /** The exchange's description of the security ("... - Warrants", "... Common Stock"). */
  securityName: string | null;
  /** Present in a current exchange list or index of the bundled sources. */
  listed: boolean;
  /** The lists `listed` was checked against, named in the reason when it is false. */
  listSource: string;
  /** A source records the delisting; the last trading day when it gives one. */
  delisted: { lastTradingDay: string | null } | null;
  suspended: boolean;
  testIssue: boolean;
  etf: boolean;
  /** Hong Kong: whether HKEX's list of listed companies holds the code (it lists companies only). */
  company: boolean | null;
  sector: string | null;
  industry: string | null;
  financialStatus: FinancialStatus | null;
  price: number | null;
  currency: string;
  eps: number | null;
  netIncome: number | null;
}

export interface Classification {
  status: StockStatus;
  /** Why the stock cannot be analysed, in Traditional Chinese; null when active. */
  reason: string | null;
}

const NOT_FOR_FUNDAMENTALS = '不適用公司基本面分析';

/**
 * Security kinds that are not a company's ordinary shares, found in the exchange's
 * description of the security — never in the issuer's name ("Preferred Bank", "Our Bond, Inc."
 * are companies). Funds are the exception: a closed-end fund says so in its own name.
 */
const PRODUCT_KINDS: { pattern: RegExp; reason: string }[] = [
  { pattern: /\bwarrants?\b/i, reason: `這是認股權證，價值取決於正股的價格與條款，${NOT_FOR_FUNDAMENTALS}。` },
  { pattern: /\brights?\b/i, reason: `這是認購權利（供股權），屬短期的衍生權利，${NOT_FOR_FUNDAMENTALS}。` },
  { pattern: /\bunits?\b/i, reason: `這是由股份與認股權證等組成的單位，${NOT_FOR_FUNDAMENTALS}。` },
  {
    pattern: /\b(preferred|preference|pfd)\b/i,
    reason: `這是優先股（或代表優先股的存託股份），收益主要來自固定股息，${NOT_FOR_FUNDAMENTALS}。`,
  },
  { pattern: /\b(notes?|debentures?|bonds?)\b/i, reason: `這是債券或票據類證券，收益取決於票息與信用，${NOT_FOR_FUNDAMENTALS}。` },
  { pattern: /\b(certificates?|trust securities|strats|corts)\b/i, reason: `這是結構性產品（信託證書），${NOT_FOR_FUNDAMENTALS}。` },
];
const FUND = { pattern: /\bfunds?\b/i, reason: `這是基金（如封閉式基金），價值取決於其持有的資產組合，${NOT_FOR_FUNDAMENTALS}。` };

/** A company's own equity, as the description's last words: common or ordinary shares, a partnership's common units. */
const COMMON_EQUITY =
  /(?:\bClass [A-Z] )?(?:\bNew )?\b(?:Common Stock|Common Shares|Ordinary Shares|Common Units(?: representing limited partner(?:ship)? interests)?|Limited Partnership Units|Limited Partner(?:ship)? Interests)\s*$/i;
/** The end of an issuer's legal name, after which the security is described ("Limited Partnership Units" describes). */
const LEGAL_FORM =
  /\b(?:Inc\.?|Incorporated|Corporation|Corp\.?|Company|Co\.|Ltd\.?|Limited(?!\s+Partner)|plc|L\.P\.|LP|LLC|L\.L\.C\.|S\.A\.B\. de C\.V\.|S\.A\.|SA|N\.V\.|AG|SE|\(The\))(?=[\s,]|$)/;
/** American depositary shares or receipts: a foreign company's shares, traded in the US. */
const DEPOSITARY = /^American Depositary (?:Shares?|Receipts?)\b/i;
const PREFERRED = /\b(preferred|preference|pfd)\b/i;

/**
 * The exchange's description of the security, without the issuer's name: what follows
 * " - " (Nasdaq's "Preferred Bank - Common Stock"); else what follows the issuer's legal form
 * ("Waterdrop Inc. American Depositary Shares …", "MPLX LP Common Units …"); else a
 * common-equity phrase that ends it (NYSE's "Bank Nova Scotia Halifax Pfd 3 Ordinary Shares"
 * → "Ordinary Shares"); else all of it.
 */
export function securityDescription(securityName: string): string {
  const dash = securityName.indexOf(' - ');
  if (dash >= 0) return securityName.slice(dash + 3).trim();
  const form = LEGAL_FORM.exec(securityName);
  if (form) return securityName.slice(form.index + form[0].length).replace(/^[\s,]+/, '');
  return COMMON_EQUITY.exec(securityName)?.[0].trim() ?? securityName;
}

/**
 * The product kind of a listing's security, or undefined for a company's shares: American
 * depositary shares are the company's shares unless they represent preferred shares, whatever
 * their terms say ("the right to receive", "units", "participation certificates");
 * partnership units and common or ordinary shares are the company's equity.
 */
function productKind(securityName: string): { reason: string } | undefined {
  if (FUND.pattern.test(securityName)) return FUND;
  const description = securityDescription(securityName);
  if (DEPOSITARY.test(description)) return PREFERRED.test(description) ? PRODUCT_KINDS[3] : undefined;
  if (COMMON_EQUITY.exec(description)?.index === 0) return undefined;
  // The kind named first describes the security: "Units, each consisting of one share and one warrant" is a unit.
  const found = PRODUCT_KINDS.map((k) => ({ kind: k, at: description.search(k.pattern) })).filter((f) => f.at >= 0);
  return found.sort((a, b) => a.at - b.at)[0]?.kind;
}

const REIT = /\bREITs?\b|real estate investment trust/i;
/** "Trust" as the legal form, not a bank's or trust company's name ("Northern Trust Corporation"). */
const TRUST = /\btrust\b(?!\s+(corporation|corp\b|bancorp|bank|company|co\b))|shares of beneficial interest/i;

const SPECULATIVE_STATUS: Record<Exclude<FinancialStatus, 'N'>, string> = {
  D: '未符合持續上市標準（Deficient）',
  E: '逾期未提交定期財務報告（Delinquent）',
  H: '未符合持續上市標準且逾期未提交定期財務報告',
};

/**
 * Whether a listing can be analysed, and why not, from the bundled data only: a status is
 * given only where a source says so, never guessed. The checks run from the most basic (is it
 * still trading at all?) to the most specific, and the first that applies decides:
 * delisted → not in the current lists (inactive) → exchange test issue (inactive) → suspended →
 * ETFs, warrants, rights, units, preferreds, notes, structured products, funds
 * (unsuitable_product) → REITs and trusts (reit_or_trust) → a Hong Kong code absent from HKEX's
 * list of companies (another non-company product: unsuitable_product) → Nasdaq deficiency or
 * delinquency, or a penny stock (price under 1 in its currency) making losses
 * (highly_speculative) → active.
 */
export function classifyListing(facts: ListingFacts): Classification {
  if (facts.delisted) {
    const day = facts.delisted.lastTradingDay;
    return { status: 'delisted', reason: `此股票已除牌${day ? `（最後交易日 ${day}）` : ''}，不再於交易所買賣，無法進行分析。` };
  }
  if (!facts.listed) {
    return {
      status: 'inactive',
      reason: `此代碼不在最新的交易所上市名單（${facts.listSource}）中，可能已除牌、被收購或更改代碼，暫不提供分析。`,
    };
  }
  if (facts.testIssue) return { status: 'inactive', reason: '這是交易所的測試用代碼，並非實際買賣的證券，無法進行分析。' };
  if (facts.suspended) return { status: 'suspended', reason: '此股票目前停牌，暫停買賣期間不提供分析。' };

  if (facts.etf || facts.sector === 'ETF') {
    return { status: 'unsuitable_product', reason: `這是交易所買賣基金（ETF），追蹤一籃子資產而非單一公司，${NOT_FOR_FUNDAMENTALS}。` };
  }
  const kind = facts.securityName ? productKind(facts.securityName) : undefined;
  if (kind) return { status: 'unsuitable_product', reason: kind.reason };

  // The exchange's own description when there is one: an index's short name ("Northern Trust") drops the legal form.
  const described = facts.securityName ?? facts.name;
  if (REIT.test(facts.industry ?? '') || REIT.test(described)) {
    return {
      status: 'reit_or_trust',
      reason: '這是房地產投資信託基金（REIT），價值主要取決於物業組合與派息，一般公司的估值模型並不適用。',
    };
  }
  // HKEX lists companies only, so a name there containing "Trust" is a trust company, not a trust.
  if (facts.company !== true && TRUST.test(described)) {
    return { status: 'reit_or_trust', reason: '這是信託產品（持有受益權份額），價值取決於信託資產與分派，一般公司的估值模型並不適用。' };
  }
  if (facts.company === false) {
    return {
      status: 'unsuitable_product',
      reason: `此代碼不在港交所上市公司名單中，屬基金、信託或其他非公司產品，${NOT_FOR_FUNDAMENTALS}。`,
    };
  }

  if (facts.financialStatus && facts.financialStatus !== 'N') {
    return {
      status: 'highly_speculative',
      reason: `交易所標示此公司${SPECULATIVE_STATUS[facts.financialStatus]}，面臨除牌風險，屬高度投機，暫不提供分析。`,
    };
  }
  const losing = (facts.eps !== null && facts.eps < 0) || (facts.netIncome !== null && facts.netIncome < 0);
  if (facts.price !== null && facts.price < 1 && losing) {
    return {
      status: 'highly_speculative',
      reason: `股價低於 1 ${facts.currency}（仙股）且公司處於虧損，價格易受操縱、波動極大，屬高度投機，暫不提供分析。`,
    };
  }
  return { status: 'active', reason: null };
}
