import { generateRsaKeyPair } from '@stockai/platform';
import { startTestService, type TestService, waitFor } from '@stockai/platform/src/testing';
import { contentService } from '../../services/content/src/app';
import type { ContentOptions } from '../../services/content/src/config';
import { ghostSignature } from '../../services/content/src/ghost/webhook-signature';
import { type GhostStandIn, startGhostStandIn } from '../support/ghost-stand-in';

interface Post {
  id: string;
  slug: string;
  title: string;
  url: string;
  excerpt: string;
  feature_image: string | null;
  reading_time: number;
  tags: Array<{ name: string; slug: string }>;
}
interface Answer {
  success: boolean;
  posts: Post[];
  source?: string;
  pagination?: { page: number; limit: number; pages: number; total: number; next: number | null; prev: number | null };
}

const WEBHOOK_SECRET = 'ghost-webhook-secret';

const ghostOptions = (ghost: { url: string; contentApiKey: string; adminApiKey?: string }): ContentOptions => ({
  ghost: { ...ghost, webhookSecret: WEBHOOK_SECRET, refreshIntervalMs: 60 * 60 * 1000, timeoutMs: 2000 },
});

/**
 * The content service with Ghost as its source: the official Content API client talks to a
 * Ghost stand-in on loopback; search runs on the service's own index of Ghost's posts; when
 * Ghost fails, readers get the built-in library, never an error.
 */
describe('content: Ghost as the source', () => {
  const keys = generateRsaKeyPair();
  let ghost: GhostStandIn;
  let sut: TestService;

  beforeAll(async () => {
    ghost = await startGhostStandIn();
    sut = await startTestService(contentService(ghostOptions(ghost)), { keys });
    await waitFor('the Ghost posts in the index', async () => {
      const { rows } = await sut.db.query<{ n: string }>("SELECT count(*) AS n FROM articles WHERE source = 'ghost'");
      return Number(rows[0]?.n) === ghost.posts.length;
    });
  });
  afterAll(async () => {
    await sut?.close();
    await ghost?.close();
  });
  afterEach(() => ghost.failWith(undefined));

  const get = async (path: string) => {
    const res = await fetch(`${sut.url}${path}`);
    return { status: res.status, body: (await res.json()) as Answer & Record<string, unknown> };
  };
  const search = async (keywords: string) => (await get(`/api/ghost/blog/search?keywords=${encodeURIComponent(keywords)}&limit=4`)).body;
  const postWebhook = (body: unknown, signature?: string) =>
    fetch(`${sut.url}/api/ghost/webhook/post`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-ghost-signature': signature } : {}) },
      body: JSON.stringify(body),
    });

  it('pages through Ghost posts with Ghost pagination, 15 at a time', async () => {
    const first = await get('/api/ghost/blog/posts?page=1&limit=15');
    expect(first.body).toMatchObject({ success: true, source: 'ghost' });
    expect(first.body.posts).toHaveLength(15);
    expect(first.body.pagination).toEqual({ page: 1, limit: 15, pages: 2, total: 20, next: 2, prev: null });
    expect(first.body.posts[0]).toMatchObject({ slug: 'tencent-results-review', url: `${ghost.url}/tencent-results-review/`, reading_time: 4 });
    expect(first.body.posts[0]!.tags.map((t) => t.slug)).toEqual(['tencent', 'hk-stocks']);
    expect(Object.keys(first.body.posts[0]!).sort()).toEqual(['excerpt', 'feature_image', 'id', 'published_at', 'reading_time', 'slug', 'tags', 'title', 'url']);
    const second = await get('/api/ghost/blog/posts?page=2&limit=15');
    expect(second.body.posts).toHaveLength(5);
    expect(second.body.pagination).toMatchObject({ page: 2, next: null, prev: 1 });
    expect(ghost.requests).toContainEqual(expect.stringMatching(/^GET \/ghost\/api\/content\/posts\/\?key=[0-9a-f]{26}&include=tags&page=2&limit=15/));
  });

  it.each([
    ['騰訊', 'tencent-results-review'],
    ['0700.HK', 'tencent-results-review'],
    ['dividend', 'dividend-growth-investing'],
    ['REIT', 'reit-distribution-yields'],
  ])('ranks the relevant Ghost post first for %s', async (keywords, slug) => {
    const answer = await search(keywords);
    expect(answer.source).toBe('ghost');
    expect(answer.posts[0]?.slug).toBe(slug);
  });

  it('asks Ghost for posts by tag with an NQL filter, resolving tag names to slugs', async () => {
    const { body } = await get(`/api/ghost/blog/tags?tags=${encodeURIComponent('Income')},suspended&limit=10`);
    expect(body.source).toBe('ghost');
    expect(body.posts.map((p) => p.slug).sort()).toEqual(['dividend-growth-investing', 'reit-distribution-yields', 'suspended-shares-what-next']);
    expect(ghost.requests.at(-1)).toContain(`filter=${encodeURIComponent('tag:[income,suspended]')}`);
  });

  it('finds Ghost posts for a not-analysable status and a topic', async () => {
    const status = await get('/api/ghost/relevant-posts?productType=suspended&limit=3');
    expect(status.body).toMatchObject({ success: true, source: 'ghost' });
    expect(status.body.posts[0]?.slug).toBe('suspended-shares-what-next');
    const topic = await get('/api/ghost/blog/relevant/dividend?limit=3');
    expect(topic.body.posts[0]?.slug).toBe('dividend-growth-investing');
  });

  it('serves a Ghost post from the index by slug, and a built-in article still by its own slug', async () => {
    const ghostPost = await get('/api/ghost/blog/posts/tencent-results-review');
    expect(ghostPost.body).toMatchObject({ success: true, source: 'ghost', post: { title: '騰訊季度業績解讀：遊戲與廣告雙引擎' } });
    expect((ghostPost.body.post as { html: string }).html).toContain('0700.HK');
    expect((await get('/api/ghost/blog/posts/etf-basics')).body).toMatchObject({ source: 'builtin' });
  });

  it('re-indexes on a signed post webhook, and refuses an unsigned or forged one', async () => {
    ghost.posts.push({
      id: '6650a1f0c2d4e10001a0b099',
      slug: 'hsbc-dividend-outlook',
      title: '滙豐控股（0005.HK）股息展望',
      html: '<p>滙豐的派息政策與回購。</p>',
      published_at: '2026-11-01T08:00:00.000Z',
      reading_time: 3,
      tags: [{ id: 'tag-dividend', name: 'Dividend', slug: 'dividend' }],
    });
    const payload = { post: { current: { id: '6650a1f0c2d4e10001a0b099', slug: 'hsbc-dividend-outlook' }, previous: {} } };
    expect((await postWebhook(payload)).status).toBe(401);
    expect((await postWebhook(payload, ghostSignature('wrong-secret', payload))).status).toBe(401);
    expect((await postWebhook(payload, ghostSignature(WEBHOOK_SECRET, payload, Date.now() - 10 * 60 * 1000))).status).toBe(401);
    expect(await search('滙豐')).toEqual({ success: true, posts: [], source: 'ghost' });

    const accepted = await postWebhook(payload, ghostSignature(WEBHOOK_SECRET, payload));
    expect(accepted.status).toBe(202);
    const found = await waitFor('the new post in search', async () => (await search('滙豐')).posts[0]);
    expect(found.slug).toBe('hsbc-dividend-outlook');

    ghost.posts.pop();
    await postWebhook(payload, ghostSignature(WEBHOOK_SECRET, payload));
    await waitFor('the deleted post gone from search', async () => (await search('滙豐')).posts.length === 0);
  });

  it('falls back to the built-in library when Ghost fails, and keeps searching its index', async () => {
    ghost.failWith(503);
    const posts = await get('/api/ghost/blog/posts?page=1&limit=15');
    expect(posts.status).toBe(200);
    expect(posts.body).toMatchObject({ success: true, source: 'builtin' });
    expect(posts.body.posts).toHaveLength(15);
    expect(posts.body.pagination!.total).toBeGreaterThanOrEqual(24);
    const tags = await get('/api/ghost/blog/tags?tags=dividend&limit=3');
    expect(tags.body).toMatchObject({ success: true, source: 'builtin' });
    expect(tags.body.posts.length).toBeGreaterThanOrEqual(1);
    // Search needs no call to Ghost: its index still answers with Ghost's posts.
    expect((await search('REIT')).posts[0]?.slug).toBe('reit-distribution-yields');
    // A failed refresh keeps the previous copy of the index.
    const payload = { post: { current: { id: 'x' } } };
    const asked = ghost.requests.length;
    expect((await postWebhook(payload, ghostSignature(WEBHOOK_SECRET, payload))).status).toBe(202);
    await waitFor('the refresh to ask Ghost', async () => ghost.requests.length > asked);
    expect((await search('騰訊')).posts[0]?.slug).toBe('tencent-results-review');
  });

  it('gives up on a Ghost that does not answer and serves the library', async () => {
    ghost.failWith('hang');
    const posts = await get('/api/ghost/blog/posts?limit=15');
    expect(posts.status).toBe(200);
    expect(posts.body).toMatchObject({ success: true, source: 'builtin' });
    expect(posts.body.posts).toHaveLength(15);
  });
});

describe('content: Ghost unreachable from the start', () => {
  const keys = generateRsaKeyPair();
  let sut: TestService;
  let requests: string[];

  beforeAll(async () => {
    // A stand-in that fails every call, like a Ghost site that is down.
    const ghost = await startGhostStandIn();
    ghost.failWith(502);
    requests = ghost.requests;
    sut = await startTestService(contentService(ghostOptions(ghost)), { keys });
    await waitFor('the first index refresh to be tried', async () => requests.length > 0);
    // Closed: now nothing even answers on that port.
    await ghost.close();
  });
  afterAll(async () => {
    await sut?.close();
  });

  const get = async (path: string) => {
    const res = await fetch(`${sut.url}${path}`);
    return { status: res.status, body: (await res.json()) as Answer };
  };

  it('answers every reader endpoint from the built-in library', async () => {
    const posts = await get('/api/ghost/blog/posts?page=2&limit=15');
    expect(posts.status).toBe(200);
    expect(posts.body).toMatchObject({ success: true, source: 'builtin', pagination: { page: 2, prev: 1 } });
    for (const path of [
      '/api/ghost/blog/search?keywords=REIT&limit=4',
      '/api/ghost/search?keywords=REIT&limit=4',
      '/api/ghost/blog/tags?tags=reit&limit=4',
      '/api/ghost/relevant-posts?productType=reit_or_trust&limit=3',
      '/api/ghost/blog/relevant/reit_or_trust?limit=3',
    ]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, source: 'builtin' });
      expect(res.body.posts[0]!.tags.map((t) => t.slug)).toContain('reit');
    }
  });
});
