import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { isPlainText, notFound } from '@stockai/platform';
import type { Universe } from './service';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export const searchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1, '請輸入要搜尋的股票代碼或名稱')
    .max(50, '搜尋字詞最多 50 個字元')
    .refine(isPlainText, '搜尋字詞含有無效字元，請只輸入股票代碼或名稱')
    .optional(),
  limit: z.coerce.number().int('limit 必須是整數').min(1).max(100).default(20),
});

/** A symbol in the address: longer than any listed symbol is refused rather than looked up and echoed back. */
export const symbolParams = z.object({
  symbol: z.string().trim().min(1, 'is required').max(20, 'is too long: a stock symbol has at most 20 characters'),
});

/** The autocomplete list changes only when a load runs: browsers keep it 5 minutes, then revalidate by ETag. */
const LIST_CACHE_CONTROL = 'public, max-age=300, must-revalidate';

interface EncodedList {
  version: number;
  etag: string;
  json: Buffer;
  gzipped: Buffer;
  brotli: Buffer;
}

/**
 * A symbol with control characters is not repeated in the message: it would garble it. The web
 * shows its own text for the code (spec section 8), so the message is for API users.
 */
const unknownStock = (symbol: string) =>
  notFound(isPlainText(symbol) ? `There is no stock with the symbol ${symbol}` : 'There is no stock with this symbol', 'STOCK_NOT_FOUND');

/**
 * GET /api/stocks: the compact list for autocomplete and validity (symbol, name, nameZh,
 * market), brotli- and gzip-encoded once per load (at their best levels: done once, sent many
 * times), with an ETag and Cache-Control; `?q=&limit=` searches
 * symbols and both names instead. GET /api/stocks/:symbol: the stock's details.
 * GET /api/stocks/status/:symbol: `{ symbol, isActive, status, reason }` (status `no_data` for a
 * listed stock the market data has no figures for, when `requireFigures`). Search results carry
 * `hasFigures`, so suggestions can mark the stocks that cannot be analysed. Public: visitors use
 * the autocomplete too. An unknown symbol is a 404 with a message saying so.
 */
export function stocksRoutes(universe: Universe, options: { requireFigures?: boolean } = {}): Router {
  const router = Router();
  let encoded: Promise<EncodedList> | null = null;

  async function encodedList(): Promise<EncodedList> {
    const version = await universe.version();
    const current = await encoded?.catch(() => null);
    if (current?.version === version) return current;
    encoded = (async () => {
      const json = Buffer.from(JSON.stringify(await universe.list()));
      const etag = `W/"stocks-${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
      const [gzipped, brotli] = await Promise.all([
        gzipAsync(json, { level: 9 }),
        brotliAsync(json, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length } }),
      ]);
      return { version, etag, json, gzipped, brotli };
    })();
    return encoded;
  }

  async function sendList(req: Request, res: Response) {
    const list = await encodedList();
    res.set({ ETag: list.etag, 'Cache-Control': LIST_CACHE_CONTROL, Vary: 'Accept-Encoding' });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.type('application/json');
    // Asked one by one: asked as a list, equal preferences go in the browser's order, and
    // browsers name gzip before br.
    if (req.acceptsEncodings('br')) {
      res.set('Content-Encoding', 'br').send(list.brotli);
    } else if (req.acceptsEncodings('gzip')) {
      res.set('Content-Encoding', 'gzip').send(list.gzipped);
    } else {
      res.send(list.json);
    }
  }

  router.get('/api/stocks', async (req, res) => {
    const { q, limit } = searchQuery.parse(req.query);
    if (q === undefined) {
      await sendList(req, res);
      return;
    }
    res.set('Cache-Control', 'no-cache').json(await universe.search(q, limit));
  });

  router.get('/api/stocks/status/:symbol', async (req, res) => {
    const { symbol } = symbolParams.parse(req.params);
    const status = await universe.statusOf(symbol, options);
    if (!status) throw unknownStock(symbol);
    res.json(status);
  });

  router.get('/api/stocks/:symbol', async (req, res) => {
    const { symbol } = symbolParams.parse(req.params);
    const stock = await universe.find(symbol);
    if (!stock) throw unknownStock(symbol);
    res.json(stock);
  });

  return router;
}
