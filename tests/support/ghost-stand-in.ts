import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';

/**
 * A stand-in for a Ghost site on loopback, speaking the parts of Ghost's HTTP API that StockAI
 * uses, so the official clients (@tryghost/content-api, @tryghost/admin-api) talk to it
 * unchanged:
 * - Content API: `GET /ghost/api/content/posts/` and `/tags/` with `key`, `limit`, `page`,
 *   `include=tags`, `filter` (`tag:slug`, `tag:[a,b]`), answered in Ghost's shape
 *   `{ posts, meta: { pagination } }`; an unknown key is a 401 as in Ghost.
 * - Admin API: `members` browse (`filter=email:'…'`), add and edit, authorised as Ghost does:
 *   `Authorization: Ghost <jwt>`, HS256 signed with the hex-decoded secret of the admin key,
 *   `kid` = the key's id, audience `/admin/`, at most 5 minutes of validity.
 * `failWith(status)` makes every call fail (Ghost down or broken), `failWith('hang')` leaves
 * every call unanswered (Ghost overloaded); `failWith(undefined)` heals it. `misbehave(mode)`
 * makes the posts list answer 200 with something broken (see `Misbehaviour`).
 */
/** The fields the blog API shows of a post, in sorted order, whichever source (Ghost or the built-in library) wrote it. */
export const BLOG_POST_FIELDS = ['excerpt', 'feature_image', 'id', 'published_at', 'reading_time', 'slug', 'tags', 'title', 'url'];

export interface StandInPost {
  id: string;
  slug: string;
  title: string;
  html: string;
  custom_excerpt?: string;
  feature_image?: string | null;
  published_at: string;
  reading_time: number;
  tags: Array<{ id: string; name: string; slug: string }>;
}

export interface StandInMember {
  id: string;
  uuid: string;
  email: string;
  name: string | null;
  status: 'free' | 'paid' | 'comped';
  labels: Array<{ name: string }>;
  created_at: string;
  updated_at: string;
}

/**
 * - `not-json`: a 200 whose body is not JSON (a proxy's maintenance page);
 * - `wrong-shape`: JSON, but not Ghost's `{ posts, meta }`;
 * - `next-always`: honest pages, but `next` is never null (empty pages past the last);
 * - `endless`: every page has posts and claims one more page after it.
 */
export type Misbehaviour = 'not-json' | 'wrong-shape' | 'next-always' | 'endless';

export interface GhostStandIn {
  url: string;
  contentApiKey: string;
  adminApiKey: string;
  posts: StandInPost[];
  members: StandInMember[];
  /** Every request, as `METHOD /path?query`. */
  requests: string[];
  /** Makes every request answer `status` (e.g. 503) or never answer ('hang'); undefined heals. */
  failWith(status: number | 'hang' | undefined): void;
  /** Makes the posts list misbehave; undefined heals. */
  misbehave(mode: Misbehaviour | undefined): void;
  /** Requests left unanswered whose caller gave up and closed the connection. */
  readonly abandoned: number;
  close(): Promise<void>;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

function tag(name: string, slug: string) {
  return { id: `tag-${slug}`, name, slug };
}

/** Posts of a Ghost blog about markets: different from the built-in library on purpose. */
export function sampleGhostPosts(): StandInPost[] {
  const base: StandInPost[] = [
    {
      id: '6650a1f0c2d4e10001a0b001',
      slug: 'tencent-results-review',
      title: '騰訊季度業績解讀：遊戲與廣告雙引擎',
      html: '<p>騰訊控股（0700.HK）公佈季度業績，本地遊戲和國際遊戲收入均有增長，視頻號帶動廣告收入上升。</p><p>Tencent results: games and ads.</p>',
      custom_excerpt: '騰訊（0700.HK）最新業績：遊戲、廣告和金融科技的表現。',
      published_at: '2026-10-20T08:00:00.000Z',
      reading_time: 4,
      tags: [tag('騰訊', 'tencent'), tag('港股', 'hk-stocks')],
    },
    {
      id: '6650a1f0c2d4e10001a0b002',
      slug: 'reit-distribution-yields',
      title: 'Understanding REIT distribution yields',
      html: '<p>A real estate investment trust (REIT) pays out most of its income. Here is how to read the distribution yield.</p>',
      published_at: '2026-10-18T08:00:00.000Z',
      reading_time: 5,
      tags: [tag('REIT', 'reit'), tag('Income', 'income')],
    },
    {
      id: '6650a1f0c2d4e10001a0b003',
      slug: 'dividend-growth-investing',
      title: 'Dividend growth investing for beginners',
      html: '<p>Companies that raise their dividend every year tend to have durable cash flows.</p>',
      published_at: '2026-10-15T08:00:00.000Z',
      reading_time: 3,
      tags: [tag('Dividend', 'dividend'), tag('Income', 'income')],
    },
    {
      id: '6650a1f0c2d4e10001a0b004',
      slug: 'suspended-shares-what-next',
      title: '停牌股票的下一步',
      html: '<p>停牌期間不能買賣。長期停牌可能導致除牌。</p>',
      published_at: '2026-10-10T08:00:00.000Z',
      reading_time: 2,
      tags: [tag('停牌', 'suspended')],
    },
  ];
  // Market notes, so the blog has more than one page of 15.
  const notes = Array.from({ length: 16 }, (_, i): StandInPost => ({
    id: `6650a1f0c2d4e10001a0c${String(i).padStart(3, '0')}`,
    slug: `weekly-market-note-${i + 1}`,
    title: `Weekly market note #${i + 1}`,
    html: `<p>Week ${i + 1}: index levels, flows and the calendar ahead.</p>`,
    published_at: new Date(Date.UTC(2026, 8, 1 + i, 8)).toISOString(),
    reading_time: 2,
    tags: [tag('Market notes', 'market-notes')],
  }));
  return [...base, ...notes];
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const ghostError = (res: http.ServerResponse, status: number, type: string, message: string) =>
  send(res, status, { errors: [{ message, type, context: null }] });

function paginate<T>(items: T[], query: URLSearchParams) {
  const limitParam = query.get('limit') ?? '15';
  const limit = limitParam === 'all' ? Math.max(1, items.length) : Math.max(1, Number(limitParam));
  const page = Math.max(1, Number(query.get('page') ?? '1'));
  const pages = Math.max(1, Math.ceil(items.length / limit));
  return {
    items: items.slice((page - 1) * limit, page * limit),
    pagination: {
      page,
      limit: limitParam === 'all' ? 'all' : limit,
      pages,
      total: items.length,
      next: page < pages ? page + 1 : null,
      prev: page > 1 ? page - 1 : null,
    },
  };
}

/** The tag slugs a `tag:x` / `tag:[x,y]` / `tags.slug:…` filter asks for. */
function tagFilter(filter: string | null): string[] | undefined {
  if (!filter) return undefined;
  const match = filter.match(/^(?:tag|tags\.slug):(?:\[(.*)\]|(.*))$/);
  if (!match) return undefined;
  return (match[1] ?? match[2] ?? '').split(',').map((s) => s.trim().replace(/^'(.*)'$/, '$1'));
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
}

export async function startGhostStandIn(options: { posts?: StandInPost[] } = {}): Promise<GhostStandIn> {
  const contentApiKey = hex(13);
  const adminId = hex(12);
  const adminSecret = hex(32);
  const posts = options.posts ?? sampleGhostPosts();
  const members: StandInMember[] = [];
  const requests: string[] = [];
  let failure: number | 'hang' | undefined;
  let misbehaviour: Misbehaviour | undefined;
  let abandoned = 0;
  let origin = '';

  function postJson(post: StandInPost, includeTags: boolean) {
    const { tags, custom_excerpt, ...rest } = post;
    return {
      ...rest,
      uuid: `uuid-${post.id}`,
      custom_excerpt: custom_excerpt ?? null,
      excerpt: custom_excerpt ?? post.html.replace(/<[^>]+>/g, '').slice(0, 200),
      feature_image: post.feature_image ?? null,
      url: `${origin}/${post.slug}/`,
      ...(includeTags ? { tags, primary_tag: tags[0] ?? null } : {}),
    };
  }

  function content(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    if (url.searchParams.get('key') !== contentApiKey) return ghostError(res, 401, 'UnauthorizedError', 'Unknown Content API Key');
    const resource = url.pathname.replace('/ghost/api/content/', '').replace(/\/$/, '');
    if (resource === 'posts' && misbehaviour) return misbehavingPosts(res, url.searchParams);
    if (resource === 'posts') {
      const slugs = tagFilter(url.searchParams.get('filter'));
      const matching = posts
        .filter((p) => !slugs || p.tags.some((t) => slugs.includes(t.slug)))
        .sort((a, b) => b.published_at.localeCompare(a.published_at));
      const { items, pagination } = paginate(matching, url.searchParams);
      const includeTags = (url.searchParams.get('include') ?? '').split(',').includes('tags');
      return send(res, 200, { posts: items.map((p) => postJson(p, includeTags)), meta: { pagination } });
    }
    if (resource === 'tags') {
      const tags = [...new Map(posts.flatMap((p) => p.tags).map((t) => [t.slug, t])).values()];
      const { items, pagination } = paginate(tags, url.searchParams);
      return send(res, 200, { tags: items, meta: { pagination } });
    }
    return ghostError(res, 404, 'NotFoundError', 'Resource not found');
  }

  function misbehavingPosts(res: http.ServerResponse, query: URLSearchParams) {
    if (misbehaviour === 'not-json') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      return res.end('<html><body>Down for maintenance</body></html>');
    }
    if (misbehaviour === 'wrong-shape') return send(res, 200, { data: posts.map((p) => ({ name: p.title })), meta: {} });
    const { items, pagination } = paginate(posts, query);
    if (misbehaviour === 'next-always')
      return send(res, 200, {
        posts: items.map((p) => postJson(p, true)),
        meta: { pagination: { ...pagination, next: pagination.page + 1 } },
      });
    // endless: the first page's posts again on every page, always one more page to come.
    const page = pagination.page;
    const again = paginate(posts, new URLSearchParams({ limit: query.get('limit') ?? '15', page: '1' })).items;
    return send(res, 200, {
      posts: again.map((p) => postJson(p, true)),
      meta: { pagination: { ...pagination, page, pages: page + 1, next: page + 1 } },
    });
  }

  function authorised(req: http.IncomingMessage): boolean {
    const token = req.headers.authorization?.match(/^Ghost (.+)$/)?.[1];
    if (!token) return false;
    const decoded = jwt.decode(token, { complete: true });
    if (!decoded || decoded.header.kid !== adminId) return false;
    try {
      const claims = jwt.verify(token, Buffer.from(adminSecret, 'hex'), {
        algorithms: ['HS256'],
        audience: '/admin/',
        maxAge: '5m',
      }) as jwt.JwtPayload;
      // Ghost refuses tokens valid for longer than 5 minutes.
      return typeof claims.exp === 'number' && typeof claims.iat === 'number' && claims.exp - claims.iat <= 300;
    } catch {
      return false;
    }
  }

  async function admin(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    if (!authorised(req)) return ghostError(res, 401, 'UnauthorizedError', 'Invalid token');
    const path = url.pathname.replace('/ghost/api/admin/', '').replace(/\/$/, '');
    if (path === 'members' && req.method === 'GET') {
      const email = url.searchParams.get('filter')?.match(/^email:'(.*)'$/)?.[1];
      const found = email ? members.filter((m) => m.email === email) : members;
      const { items, pagination } = paginate(found, url.searchParams);
      return send(res, 200, { members: items, meta: { pagination } });
    }
    if (path === 'members' && req.method === 'POST') {
      const body = (await readJson(req)) as { members?: Array<Partial<StandInMember>> };
      const input = body.members?.[0];
      if (!input?.email) return ghostError(res, 422, 'ValidationError', 'Validation (isEmail) failed for email');
      if (members.some((m) => m.email === input.email))
        return ghostError(res, 422, 'ValidationError', 'Member already exists. Attempting to add member with existing email address');
      const now = new Date().toISOString();
      const member: StandInMember = {
        id: hex(12),
        uuid: hex(16),
        email: input.email,
        name: input.name ?? null,
        status: 'free',
        labels: input.labels ?? [],
        created_at: now,
        updated_at: now,
      };
      members.push(member);
      return send(res, 201, { members: [member] });
    }
    const edit = path.match(/^members\/([0-9a-f]+)$/);
    if (edit && req.method === 'PUT') {
      const member = members.find((m) => m.id === edit[1]);
      if (!member) return ghostError(res, 404, 'NotFoundError', 'Member not found.');
      const body = (await readJson(req)) as { members?: Array<Partial<StandInMember>> };
      Object.assign(member, { name: body.members?.[0]?.name ?? member.name, updated_at: new Date().toISOString() });
      return send(res, 200, { members: [member] });
    }
    return ghostError(res, 404, 'NotFoundError', 'Resource not found');
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (failure === 'hang') {
      res.on('close', () => abandoned++);
      return;
    }
    if (failure) return ghostError(res, failure, 'InternalServerError', 'Ghost is having a bad day');
    const handle = url.pathname.startsWith('/ghost/api/content/')
      ? Promise.resolve(content(req, res, url))
      : url.pathname.startsWith('/ghost/api/admin/')
        ? admin(req, res, url)
        : Promise.resolve(ghostError(res, 404, 'NotFoundError', 'Resource not found'));
    handle.catch(() => ghostError(res, 500, 'InternalServerError', 'stand-in failure'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    contentApiKey,
    adminApiKey: `${adminId}:${adminSecret}`,
    posts,
    members,
    requests,
    failWith(status) {
      failure = status;
    },
    misbehave(mode) {
      misbehaviour = mode;
    },
    get abandoned() {
      return abandoned;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
