import { randomUUID } from 'node:crypto';
import type { BlogPost } from '@stockai/contracts';
import { generateRsaKeyPair, signAccessToken } from '@stockai/platform';
import { startTestService, type TestService, waitFor } from '@stockai/platform/src/testing';
import { contentService } from '../../../services/content/src/app';
import type { ContentOptions } from '../../../services/content/src/config';
import { ghostSignature } from '../../../services/content/src/ghost/webhook-signature';
import { BLOG_POST_FIELDS, type GhostStandIn, startGhostStandIn } from '../../support/ghost-stand-in';

interface Answer {
  success: boolean;
  posts: BlogPost[];
  source?: string;
  pagination?: { page: number; limit: number; pages: number; total: number; next: number | null; prev: number | null };
  error?: string;
  code?: string;
}

const WEBHOOK_SECRET = 'ghost-webhook-secret';

const ghostOptions = (
  ghost: { url: string; contentApiKey: string; adminApiKey?: string },
  webhookSecret: string | null = WEBHOOK_SECRET,
): ContentOptions => ({
  ghost: { ...ghost, webhookSecret: webhookSecret ?? undefined, refreshIntervalMs: 60 * 60 * 1000, timeoutMs: 2000 },
});

const ghostPostCount = async (sut: TestService) => {
  const { rows } = await sut.db.query<{ n: string }>("SELECT count(*) AS n FROM articles WHERE source = 'ghost'");
  return Number(rows[0]?.n);
};

/**
 * The content service with Ghost as its source: the official Content API client talks to a
 * Ghost stand-in on loopback; search runs on the service's own index of Ghost's posts, filled
 * up from the built-in library; when Ghost fails or misbehaves, readers get the library,
 * never an error.
 */
describe('content: Ghost as the source', () => {
  const keys = generateRsaKeyPair();
  let ghost: GhostStandIn;
  let sut: TestService;

  beforeAll(async () => {
    ghost = await startGhostStandIn();
    sut = await startTestService(contentService(ghostOptions(ghost)), { keys });
    await waitFor('the Ghost posts in the index', async () => (await ghostPostCount(sut)) === ghost.posts.length);
  });
  afterAll(async () => {
    await sut?.close();
    await ghost?.close();
  });
  afterEach(() => {
    ghost.failWith(undefined);
    ghost.misbehave(undefined);
  });

  const get = async (path: string) => {
    const res = await fetch(`${sut.url}${path}`);
    return { status: res.status, body: (await res.json()) as Answer & Record<string, unknown> };
  };
  const search = async (keywords: string) => (await get(`/api/ghost/blog/search?keywords=${encodeURIComponent(keywords)}&limit=4`)).body;
  const fromGhost = (post: BlogPost | undefined) => Boolean(post?.url.startsWith(ghost.url));
  const postWebhook = (body: string, signature?: string) =>
    fetch(`${sut.url}/api/ghost/webhook/post`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-ghost-signature': signature } : {}) },
      body,
    });
  const signedRefresh = async () => {
    const body = JSON.stringify({ post: { current: { id: 'x' } } });
    expect((await postWebhook(body, ghostSignature(WEBHOOK_SECRET, body))).status).toBe(202);
  };

  it('takes a signed post webhook carrying a long post (over the usual 100 kB body limit)', async () => {
    const body = JSON.stringify({ post: { current: { id: 'x', html: `<p>${'長文'.repeat(60_000)}</p>` }, previous: {} } });
    expect(Buffer.byteLength(body)).toBeGreaterThan(300_000);
    expect((await postWebhook(body, ghostSignature(WEBHOOK_SECRET, body))).status).toBe(202);
  });

  it('pages through Ghost posts with Ghost pagination, 15 at a time', async () => {
    const first = await get('/api/ghost/blog/posts?page=1&limit=15');
    expect(first.body).toMatchObject({ success: true, source: 'ghost' });
    expect(first.body.posts).toHaveLength(15);
    expect(first.body.pagination).toEqual({ page: 1, limit: 15, pages: 2, total: 20, next: 2, prev: null });
    expect(first.body.posts[0]).toMatchObject({
      slug: 'tencent-results-review',
      url: `${ghost.url}/tencent-results-review/`,
      reading_time: 4,
    });
    expect(first.body.posts[0]!.tags.map((t) => t.slug)).toEqual(['tencent', 'hk-stocks']);
    expect(Object.keys(first.body.posts[0]!).sort()).toEqual(BLOG_POST_FIELDS);
    const second = await get('/api/ghost/blog/posts?page=2&limit=15');
    expect(second.body.posts).toHaveLength(5);
    expect(second.body.pagination).toMatchObject({ page: 2, next: null, prev: 1 });
    expect(ghost.requests).toContainEqual(
      expect.stringMatching(/^GET \/ghost\/api\/content\/posts\/\?key=[0-9a-f]{26}&include=tags&page=2&limit=15/),
    );
  });

  it.each([
    ['騰訊', 'tencent-results-review'],
    ['0700.HK', 'tencent-results-review'],
    ['dividend', 'dividend-growth-investing'],
    ['REIT', 'reit-distribution-yields'],
  ])('ranks the relevant Ghost post first for %s, then fills up from the library', async (keywords, slug) => {
    const answer = await search(keywords);
    expect(answer.posts[0]?.slug).toBe(slug);
    // The library has 2 articles on 騰訊, more on the others.
    expect(answer.posts.length).toBeGreaterThanOrEqual(3);
    expect(answer.source).toBe('mixed');
    const firstBuiltin = answer.posts.findIndex((p) => !fromGhost(p));
    expect(firstBuiltin).toBeGreaterThan(0);
    expect(answer.posts.slice(firstBuiltin).every((p) => p.url === `/articles/${p.slug}`)).toBe(true);
    expect(new Set(answer.posts.map((p) => p.slug)).size).toBe(answer.posts.length);
  });

  it('asks Ghost for posts by tag with an NQL filter, resolving tag names to slugs', async () => {
    const { body } = await get(`/api/ghost/blog/tags?tags=${encodeURIComponent('Income')},suspended&limit=10`);
    expect(body.source).toBe('ghost');
    expect(body.posts.map((p) => p.slug).sort()).toEqual([
      'dividend-growth-investing',
      'reit-distribution-yields',
      'suspended-shares-what-next',
    ]);
    expect(ghost.requests.at(-1)).toContain(`filter=${encodeURIComponent('tag:[income,suspended]')}`);
  });

  it("answers ghost/search for REIT with the Ghost blog's REIT article first while Ghost is up", async () => {
    const res = await get('/api/ghost/search?keywords=REIT&limit=4');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.posts[0]).toMatchObject({ slug: 'reit-distribution-yields', title: 'Understanding REIT distribution yields' });
    expect(fromGhost(res.body.posts[0])).toBe(true);
    expect(res.body.posts[0]?.tags.map((t) => t.slug)).toEqual(['reit', 'income']);
    expect(res.body.posts.length).toBeGreaterThan(1);
    expect(res.body.posts.length).toBeLessThanOrEqual(4);
  });

  it('finds Ghost posts for a status first, and always has reading for one the blog hardly covers', async () => {
    const status = await get('/api/ghost/relevant-posts?productType=suspended&limit=3');
    expect(status.body).toMatchObject({ success: true });
    expect(status.body.posts[0]?.slug).toBe('suspended-shares-what-next');
    expect(status.body.posts).toHaveLength(3);
    const topic = await get('/api/ghost/blog/relevant/dividend?limit=3');
    expect(topic.body.posts[0]?.slug).toBe('dividend-growth-investing');
    // The blog's only word on delisting is one line of the suspended-shares post: the library fills the rest.
    const delisted = await get('/api/ghost/relevant-posts?productType=delisted&limit=3');
    expect(delisted.body.posts).toHaveLength(3);
    expect(delisted.body.posts.some((p) => !fromGhost(p) && p.tags.some((t) => t.slug === 'delisted'))).toBe(true);
  });

  it('serves only built-in articles whole: a Ghost post is read on Ghost, so its slug is a 404 here', async () => {
    const ghostPost = await get('/api/ghost/blog/posts/tencent-results-review');
    expect(ghostPost.status).toBe(404);
    expect(ghostPost.body).toEqual({ error: 'There is no such article', code: 'ARTICLE_NOT_FOUND' });
    const builtin = await get('/api/ghost/blog/posts/etf-basics');
    expect(builtin.body).toMatchObject({ success: true, source: 'builtin', post: { url: '/articles/etf-basics' } });
  });

  it('re-indexes on a post webhook signed over its bytes as sent, and refuses an unsigned or forged one', async () => {
    ghost.posts.push({
      id: '6650a1f0c2d4e10001a0b099',
      slug: 'hsbc-dividend-outlook',
      title: '滙豐控股（0005.HK）股息展望',
      html: '<p>滙豐的派息政策與回購。</p>',
      published_at: '2026-11-01T08:00:00.000Z',
      reading_time: 3,
      tags: [{ id: 'tag-dividend', name: 'Dividend', slug: 'dividend' }],
    });
    // Spaced and escaped as no JSON.stringify of the parsed body would write it.
    const payload = '{ "post": { "current": { "id": "6650a1f0c2d4e10001a0b099", "title": "\\u6ed9\\u8c50" }, "previous": {} } }';
    expect((await postWebhook(payload)).status).toBe(401);
    expect((await postWebhook(payload, ghostSignature('wrong-secret', payload))).status).toBe(401);
    expect((await postWebhook(payload, ghostSignature(WEBHOOK_SECRET, payload, Date.now() - 10 * 60 * 1000))).status).toBe(401);
    expect((await search('滙豐')).posts.some(fromGhost)).toBe(false);

    const accepted = await postWebhook(payload, ghostSignature(WEBHOOK_SECRET, payload));
    expect(accepted.status).toBe(202);
    const found = await waitFor('the new post in search', async () => (await search('滙豐')).posts.find(fromGhost));
    expect(found.slug).toBe('hsbc-dividend-outlook');

    ghost.posts.pop();
    await postWebhook(payload, ghostSignature(WEBHOOK_SECRET, payload));
    await waitFor('the deleted post gone from search', async () => !(await search('滙豐')).posts.some(fromGhost));
  });

  it('indexes a new post that took the slug of a deleted one', async () => {
    const old = ghost.posts.findIndex((p) => p.slug === 'reit-distribution-yields');
    const [removed] = ghost.posts.splice(old, 1);
    ghost.posts.push({
      ...removed!,
      id: '6650a1f0c2d4e10001a0b0aa',
      title: 'REIT distribution yields, revisited',
      published_at: '2026-11-05T08:00:00.000Z',
    });
    await signedRefresh();
    const found = await waitFor('the new post under the old slug', async () => {
      const first = (await search('REIT')).posts[0];
      return first?.id === '6650a1f0c2d4e10001a0b0aa' ? first : undefined;
    });
    expect(found).toMatchObject({ slug: 'reit-distribution-yields', title: 'REIT distribution yields, revisited' });
    const { rows } = await sut.db.query<{ id: string }>(
      "SELECT id FROM articles WHERE source = 'ghost' AND slug = 'reit-distribution-yields'",
    );
    expect(rows).toEqual([{ id: '6650a1f0c2d4e10001a0b0aa' }]);
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
    const asked = ghost.requests.length;
    await signedRefresh();
    await waitFor('the refresh to ask Ghost', async () => ghost.requests.length > asked);
    expect((await search('騰訊')).posts[0]?.slug).toBe('tencent-results-review');
  });

  it('gives up on a Ghost that does not answer, closing the call, and serves the library', async () => {
    ghost.failWith('hang');
    const before = ghost.abandoned;
    const posts = await get('/api/ghost/blog/posts?limit=15');
    expect(posts.status).toBe(200);
    expect(posts.body).toMatchObject({ success: true, source: 'builtin' });
    expect(posts.body.posts).toHaveLength(15);
    await waitFor('the unanswered call closed', async () => ghost.abandoned > before);
  });

  it.each([['not-json'], ['wrong-shape']] as const)(
    'treats a Ghost answering %s as failed: library for readers, index kept',
    async (mode) => {
      ghost.misbehave(mode);
      const posts = await get('/api/ghost/blog/posts?limit=15');
      expect(posts).toMatchObject({ status: 200, body: { success: true, source: 'builtin' } });
      const tags = await get('/api/ghost/blog/tags?tags=dividend&limit=3');
      expect(tags).toMatchObject({ status: 200, body: { success: true, source: 'builtin' } });
      const asked = ghost.requests.length;
      const indexed = await ghostPostCount(sut);
      await signedRefresh();
      await waitFor('the refresh to ask Ghost', async () => ghost.requests.length > asked);
      ghost.misbehave(undefined);
      expect(await ghostPostCount(sut)).toBe(indexed);
      expect((await search('騰訊')).posts[0]?.slug).toBe('tencent-results-review');
    },
  );
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

describe('content: Ghost webhooks without GHOST_WEBHOOK_SECRET', () => {
  const keys = generateRsaKeyPair();
  let ghost: GhostStandIn;
  let sut: TestService;

  beforeAll(async () => {
    ghost = await startGhostStandIn();
    sut = await startTestService(contentService(ghostOptions(ghost, null)), { keys });
  });
  afterAll(async () => {
    await sut?.close();
    await ghost?.close();
  });

  const send = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${sut.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Answer };
  };
  const bearer = (role: 'user' | 'admin') => ({
    authorization: `Bearer ${signAccessToken(keys.privateKey, { id: randomUUID(), role }, 600).token}`,
  });

  it('refuses every webhook from anyone: they are off until a secret is set', async () => {
    const post = { post: { current: { id: 'x' } } };
    const attempts: Array<Record<string, string>> = [{}, { 'x-ghost-signature': ghostSignature('guessed', post) }, bearer('admin')];
    for (const headers of attempts) {
      const res = await send('/api/ghost/webhook/post', post, headers);
      expect(res).toEqual({
        status: 503,
        body: { error: 'Ghost webhooks are not configured: set GHOST_WEBHOOK_SECRET', code: 'GHOST_WEBHOOKS_OFF' },
      });
    }
    const member = { member: { id: 'abc', email: 'someone@example.com', status: 'free' } };
    expect((await send('/api/ghost/webhook/member', member)).status).toBe(503);
    expect((await send('/api/ghost/webhook/member', member, bearer('user'))).status).toBe(503);
  });

  it('still takes the API testing page’s unsigned member webhook from an admin', async () => {
    const member = {
      member: { id: 'abc', email: 'tester@example.com', name: 'Test', status: 'free', created_at: '2026-11-23T00:00:00.000Z' },
    };
    expect(await send('/api/ghost/webhook/member', member, bearer('admin'))).toEqual({ status: 200, body: { success: true } });
  });
});

describe('content: the scheduled refresh of the Ghost post index', () => {
  let ghost: GhostStandIn;
  let sut: TestService;

  beforeAll(async () => {
    ghost = await startGhostStandIn();
    // Refreshed every 200 ms: no webhook is configured, so the schedule is the only way a change arrives.
    sut = await startTestService(
      contentService({ ghost: { url: ghost.url, contentApiKey: ghost.contentApiKey, refreshIntervalMs: 200, timeoutMs: 2000 } }),
    );
    await waitFor('the Ghost posts in the index', async () => (await ghostPostCount(sut)) === ghost.posts.length);
  });
  afterAll(async () => {
    await sut?.close();
    await ghost?.close();
  });

  const search = async (keywords: string) => {
    const res = await fetch(`${sut.url}/api/ghost/search?keywords=${encodeURIComponent(keywords)}&limit=4`);
    return ((await res.json()) as Answer).posts;
  };

  it('finds a post added to Ghost, and forgets one removed, without any webhook', async () => {
    const shipping = async () => (await search('航運週期')).find((p) => p.slug === 'shipping-cycle-explained');
    expect(await shipping()).toBeUndefined();
    ghost.posts.push({
      id: '6650a1f0c2d4e10001a0b999',
      slug: 'shipping-cycle-explained',
      title: '航運週期：運費、船隊與股價',
      html: '<p>航運股的盈利隨運費大起大落，估值要看整個週期。</p>',
      custom_excerpt: '航運股為何在高峰時市盈率最低。',
      published_at: '2026-11-01T08:00:00.000Z',
      reading_time: 4,
      tags: [{ id: 'tag-shipping', name: '航運', slug: 'shipping' }],
    });
    const found = await waitFor('the scheduled refresh to index the new post', shipping);
    expect((await search('航運週期'))[0]?.slug).toBe('shipping-cycle-explained');
    expect(found).toMatchObject({ slug: 'shipping-cycle-explained', title: '航運週期：運費、船隊與股價', tags: [{ slug: 'shipping' }] });
    expect(found.url.startsWith(ghost.url)).toBe(true);
    expect(ghost.requests.some((r) => r.includes('webhook'))).toBe(false);

    ghost.posts.splice(
      ghost.posts.findIndex((p) => p.slug === 'shipping-cycle-explained'),
      1,
    );
    await waitFor('the scheduled refresh to drop the removed post', async () => (await shipping()) === undefined);
    expect(await ghostPostCount(sut)).toBe(ghost.posts.length);
  });
});
