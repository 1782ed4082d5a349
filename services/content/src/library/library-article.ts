import type { ArticleTag } from '../articles/article';

/**
 * The topics that give a cover image its colours and picture; each built-in article has one.
 */
export type CoverTheme = 'valuation' | 'income' | 'property' | 'fund' | 'risk' | 'status' | 'market' | 'currency' | 'planning';

/**
 * One article of the built-in library, as written. `body` is a list of blocks: a block
 * starting with `## ` is a heading, a block whose lines start with `- ` is a list, anything
 * else a paragraph.
 */
export interface LibraryArticle {
  slug: string;
  title: string;
  excerpt: string;
  tags: ArticleTag[];
  theme: CoverTheme;
  publishedAt: string;
  body: string[];
}

/** Tags of the library. Slugs are English so that English searches (`dividend`, `REIT`) find them. */
export const TAGS = {
  beginner: { id: 'tag-beginner', name: '投資入門', slug: 'beginner' },
  valuation: { id: 'tag-valuation', name: '估值', slug: 'valuation' },
  pe: { id: 'tag-pe-ratio', name: '市盈率', slug: 'pe-ratio' },
  pb: { id: 'tag-pb-ratio', name: '市賬率', slug: 'pb-ratio' },
  dcf: { id: 'tag-dcf', name: '現金流折現', slug: 'dcf' },
  statements: { id: 'tag-financial-statements', name: '財務報表', slug: 'financial-statements' },
  dividend: { id: 'tag-dividend', name: '股息', slug: 'dividend' },
  reit: { id: 'tag-reit', name: '房地產投資信託', slug: 'reit' },
  trust: { id: 'tag-trust', name: '信託', slug: 'trust' },
  etf: { id: 'tag-etf', name: 'ETF', slug: 'etf' },
  speculative: { id: 'tag-speculative', name: '投機股', slug: 'speculative' },
  penny: { id: 'tag-penny-stock', name: '仙股', slug: 'penny-stock' },
  suspended: { id: 'tag-suspended', name: '停牌', slug: 'suspended' },
  delisted: { id: 'tag-delisted', name: '除牌', slug: 'delisted' },
  liquidity: { id: 'tag-liquidity', name: '流動性', slug: 'liquidity' },
  diversification: { id: 'tag-diversification', name: '分散投資', slug: 'diversification' },
  riskProfile: { id: 'tag-risk-profile', name: '風險承受能力', slug: 'risk-profile' },
  risk: { id: 'tag-risk-management', name: '風險管理', slug: 'risk-management' },
  hk: { id: 'tag-hong-kong-stocks', name: '港股', slug: 'hong-kong-stocks' },
  us: { id: 'tag-us-stocks', name: '美股', slug: 'us-stocks' },
  currency: { id: 'tag-currency-risk', name: '匯率風險', slug: 'currency-risk' },
  tech: { id: 'tag-technology', name: '科技股', slug: 'technology' },
  moat: { id: 'tag-competitive-advantage', name: '競爭優勢', slug: 'competitive-advantage' },
  strategy: { id: 'tag-strategy', name: '投資策略', slug: 'strategy' },
} satisfies Record<string, ArticleTag>;
