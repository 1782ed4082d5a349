/**
 * What explains each not-analysable status (the analysis service's `stocks/status` values)
 * and each named topic: the keywords searched for it. The library's tags carry these words
 * in Chinese and English, and a Ghost blog that tags its posts the same way is matched too.
 * An unknown productType or topic is searched as it is, so `ghost/relevant-posts?productType=ETF`
 * still finds ETF articles.
 *
 * A Map, not an object literal: the topic comes from the address, and `constructor` or
 * `__proto__` looked up on an object finds its prototype's members, not "no such topic".
 */
const TOPIC_KEYWORDS = new Map<string, string>(
  Object.entries({
    reit_or_trust: 'REIT 房地產投資信託 信託 trust',
    reit: 'REIT 房地產投資信託',
    trust: '信託 trust REIT',
    etf: 'ETF 基金',
    fund: 'ETF 基金',
    unsuitable_product: '不適合 ETF 衍生 槓桿 信託',
    highly_speculative: '投機 speculative 仙股',
    speculative: '投機 speculative',
    penny_stock: '仙股 penny',
    delisted: '除牌 delisted 私有化',
    suspended: '停牌 suspended',
    inactive: '不活躍 成交稀疏 流動性 liquidity',
    illiquid: '流動性 liquidity 成交稀疏',
    error: '不適合 投機 停牌 除牌',
    valuation: '估值 valuation 市盈率 市賬率',
    dividend: '股息 dividend',
    dividends: '股息 dividend',
    diversification: '分散投資 diversification',
    risk: '風險 risk',
    risk_profile: '風險承受能力 risk-profile',
    currency: '匯率 currency',
    hong_kong: '港股 hong-kong',
    us: '美股 us-stocks',
    dcf: '現金流折現 dcf',
    beginner: '投資入門 beginner',
  }),
);

/** The search keywords for a productType or topic. */
export function topicKeywords(topic: string): string {
  const key = topic
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return TOPIC_KEYWORDS.get(key) ?? topic.replace(/[_-]+/g, ' ');
}
