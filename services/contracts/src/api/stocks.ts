import { z } from 'zod';

export const market = z.enum(['HK', 'US']);

/** One entry of GET stocks: enough for autocomplete and the validity indicator. */
export const stockSummary = z
  .object({ symbol: z.string(), name: z.string(), nameZh: z.string().nullable(), market })
  .meta({ id: 'StockSummary' });
export type StockSummary = z.infer<typeof stockSummary>;

/** GET stocks/{symbol}, and each match of GET stocks?q=. */
export const stock = z
  .object({
    symbol: z.string(),
    name: z.string(),
    nameZh: z.string().nullable(),
    market,
    exchange: z.string().nullable(),
    sector: z.string().nullable(),
    industry: z.string().nullable(),
    status: z.string().meta({ description: 'active, or why it cannot be analysed (delisted, suspended, …)' }),
    reason: z.string().nullable(),
  })
  .meta({ id: 'Stock' });
export type Stock = z.infer<typeof stock>;

/** GET stocks/status/{symbol}. */
export const stockStatusAnswer = z
  .object({ symbol: z.string(), isActive: z.boolean(), status: z.string(), reason: z.string().nullable() })
  .meta({ id: 'StockStatus' });
export type StockStatusAnswer = z.infer<typeof stockStatusAnswer>;
