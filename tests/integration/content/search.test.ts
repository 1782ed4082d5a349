import { generateRsaKeyPair } from '@stockai/platform';
import { startTestService, type TestService } from '@stockai/platform/src/testing';
import { contentService } from '../../../services/content/src/app';

/** 100 different Chinese characters: the longest keyword allowed, as many pieces as can be. */
const LONGEST_KEYWORD = Array.from({ length: 100 }, (_, i) => String.fromCodePoint(0x4e00 + i * 7)).join('');

/**
 * Article search over a large index on real PostgreSQL: a search runs under a statement
 * timeout, so one expensive search cannot hold the database; it is refused with a 503 that
 * says what to do instead.
 */
describe('content: search over a large index', () => {
  let sut: TestService;

  beforeAll(async () => {
    // A timeout no real search over 2,000 long posts can meet.
    sut = await startTestService(contentService({ searchTimeoutMs: 1 }), { keys: generateRsaKeyPair() });
    await sut.db.query(
      `INSERT INTO articles (source, id, slug, title, excerpt, html, published_at, url, search_title, search_excerpt, search_body)
       SELECT 'builtin', 'bulk-' || i, 'bulk-' || i, '長文 ' || i, '', '', now(), '/articles/bulk-' || i, '長文 ' || i, '', repeat('公司業績與估值分析，股息與現金流。', 200)
       FROM generate_series(1, 2000) AS i`,
    );
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('stops a search slower than its statement timeout and answers 503 with advice', async () => {
    const res = await fetch(`${sut.url}/api/ghost/blog/search?keywords=${encodeURIComponent(LONGEST_KEYWORD)}&limit=10`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'The article search took too long; try fewer or shorter keywords', code: 'SEARCH_TIMEOUT' });
    // The database is free again at once: the next statement runs.
    const { rows } = await sut.db.query<{ n: string }>("SELECT count(*) AS n FROM articles WHERE source = 'builtin'");
    expect(Number(rows[0]!.n)).toBeGreaterThan(2000);
  });
});
