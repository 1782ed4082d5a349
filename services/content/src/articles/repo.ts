import type { Database, Queryable } from '@stockai/platform';
import type { Article, ArticleSource, ArticleTag, ArticleWithBody, IndexedArticle } from './article';
import { normalise, plainText, type SearchTerm } from './search-text';

interface ArticleRow {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  html: string;
  feature_image: string | null;
  published_at: Date | string;
  reading_time: number;
  tags: ArticleTag[] | string;
  url: string;
}

const COLUMNS = 'id, slug, title, excerpt, feature_image, published_at, reading_time, tags, url';

function toArticle(row: ArticleRow): Article {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    feature_image: row.feature_image,
    published_at: new Date(row.published_at).toISOString(),
    reading_time: Number(row.reading_time),
    tags: typeof row.tags === 'string' ? (JSON.parse(row.tags) as ArticleTag[]) : row.tags,
    url: row.url,
  };
}

/**
 * Field weights of the ranking: a keyword in the title says most about what an article is
 * about, then its tags, then the excerpt, then anywhere in the body. Each article's score is
 * computed once (the inner select; `OFFSET 0` keeps the planner from pulling it up and
 * evaluating the score again for the filter), then filtered and ordered.
 */
const RANK_SQL = `
  SELECT ${COLUMNS}, score FROM (
    SELECT ${COLUMNS}, (
      SELECT SUM(q.weight * (
          CASE WHEN strpos(a.search_title, q.term) > 0 THEN 8 ELSE 0 END
        + CASE WHEN strpos(a.search_tags, q.term) > 0 THEN 5 ELSE 0 END
        + CASE WHEN strpos(a.search_excerpt, q.term) > 0 THEN 3 ELSE 0 END
        + CASE WHEN strpos(a.search_body, q.term) > 0 THEN 1 ELSE 0 END))
      FROM unnest($2::text[], $3::float8[]) AS q(term, weight)) AS score
    FROM articles a
    WHERE a.source = $1
    OFFSET 0
  ) ranked
  WHERE score > 0
  ORDER BY score DESC, published_at DESC, id
  LIMIT $4`;

export const articlesRepo = {
  /**
   * Writes one post. A slug belongs to one post at a time: a post deleted in Ghost whose slug a
   * new post reuses (or two posts that swapped slugs) would otherwise break the unique slug, so
   * another post holding this slug is dropped first (it is written again if it still exists).
   * Call inside a transaction, so readers never see the slug missing. A post unchanged since
   * it was last written is left as it is (`indexed_at` says when it last changed): the library
   * is written at every start and Ghost's posts at every refresh, mostly unchanged.
   */
  async upsert(db: Queryable, article: IndexedArticle): Promise<void> {
    await db.query('DELETE FROM articles WHERE source = $1 AND slug = $2 AND id <> $3', [article.source, article.slug, article.id]);
    const tagText = article.tags.map((t) => `${t.name} ${t.slug}`).join(' | ');
    await db.query(
      `INSERT INTO articles (source, id, slug, title, excerpt, html, feature_image, published_at, reading_time, tags, url,
                             search_title, search_tags, search_excerpt, search_body, indexed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, now())
       ON CONFLICT (source, id) DO UPDATE SET
         slug = EXCLUDED.slug, title = EXCLUDED.title, excerpt = EXCLUDED.excerpt, html = EXCLUDED.html,
         feature_image = EXCLUDED.feature_image, published_at = EXCLUDED.published_at, reading_time = EXCLUDED.reading_time,
         tags = EXCLUDED.tags, url = EXCLUDED.url, search_title = EXCLUDED.search_title, search_tags = EXCLUDED.search_tags,
         search_excerpt = EXCLUDED.search_excerpt, search_body = EXCLUDED.search_body, indexed_at = now()
       WHERE (articles.slug, articles.title, articles.excerpt, articles.html, articles.feature_image, articles.published_at,
              articles.reading_time, articles.tags, articles.url, articles.search_title, articles.search_tags,
              articles.search_excerpt, articles.search_body)
         IS DISTINCT FROM (EXCLUDED.slug, EXCLUDED.title, EXCLUDED.excerpt, EXCLUDED.html, EXCLUDED.feature_image, EXCLUDED.published_at,
              EXCLUDED.reading_time, EXCLUDED.tags, EXCLUDED.url, EXCLUDED.search_title, EXCLUDED.search_tags,
              EXCLUDED.search_excerpt, EXCLUDED.search_body)`,
      [
        article.source,
        article.id,
        article.slug,
        article.title,
        article.excerpt,
        article.html,
        article.feature_image,
        article.published_at,
        article.reading_time,
        JSON.stringify(article.tags),
        article.url,
        normalise(article.title),
        normalise(tagText),
        normalise(article.excerpt),
        normalise(plainText(article.html)),
      ],
    );
  },

  /**
   * Makes the index of `source` exactly `articles`: posts no longer there (deleted or
   * unpublished in Ghost, dropped from the library) go first, then every post is written.
   * Call inside a transaction: readers see the old copy or the new one, never half of each.
   */
  async replaceAll(db: Queryable, source: ArticleSource, articles: IndexedArticle[]): Promise<{ indexed: number; removed: number }> {
    const removed = await db.query('DELETE FROM articles WHERE source = $1 AND NOT (id = ANY($2::text[]))', [
      source,
      articles.map((a) => a.id),
    ]);
    for (const article of articles) await this.upsert(db, article);
    return { indexed: articles.length, removed: removed.rowCount };
  },

  async count(db: Queryable, source: ArticleSource): Promise<number> {
    const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM articles WHERE source = $1', [source]);
    return Number(rows[0]?.n ?? 0);
  },

  /**
   * The best `limit` articles of `source` for `terms`. The ranking scans every article, so it
   * runs under a statement timeout: a search slower than `timeoutMs` fails (57014) instead of
   * holding a connection. PGlite accepts the setting but cannot interrupt a statement (one
   * WebAssembly thread, no timer signal); there the caps on keywords and terms are the guard.
   */
  async search(db: Database, source: ArticleSource, terms: SearchTerm[], limit: number, timeoutMs: number): Promise<Article[]> {
    if (terms.length === 0) return [];
    return db.transaction(async (tx) => {
      await tx.query("SELECT set_config('statement_timeout', $1, true)", [String(timeoutMs)]);
      const { rows } = await tx.query<ArticleRow>(RANK_SQL, [source, terms.map((t) => t.term), terms.map((t) => t.weight), limit]);
      return rows.map(toArticle);
    });
  },

  /** Posts carrying any of `tags` (matched by slug or name, case-insensitively), newest first. */
  async withTags(db: Queryable, source: ArticleSource, tags: string[], limit: number): Promise<Article[]> {
    const wanted = tags.map((t) => normalise(t));
    const { rows } = await db.query<ArticleRow>(
      `SELECT ${COLUMNS} FROM articles a
       WHERE a.source = $1 AND EXISTS (
         SELECT 1 FROM jsonb_array_elements(a.tags) t
         WHERE lower(t->>'slug') = ANY($2::text[]) OR lower(t->>'name') = ANY($2::text[]))
       ORDER BY a.published_at DESC, a.id LIMIT $3`,
      [source, wanted, limit],
    );
    return rows.map(toArticle);
  },

  /** The slugs of the tags named `names` (a tag may be asked for by its name). */
  async tagSlugs(db: Queryable, source: ArticleSource, names: string[]): Promise<Map<string, string>> {
    const { rows } = await db.query<{ name: string; slug: string }>(
      `SELECT DISTINCT lower(t->>'name') AS name, t->>'slug' AS slug
       FROM articles a, jsonb_array_elements(a.tags) t
       WHERE a.source = $1 AND lower(t->>'name') = ANY($2::text[])`,
      [source, names.map((n) => normalise(n))],
    );
    return new Map(rows.map((r) => [r.name, r.slug]));
  },

  async page(db: Queryable, source: ArticleSource, page: number, limit: number): Promise<{ posts: Article[]; total: number }> {
    const [{ rows }, total] = await Promise.all([
      db.query<ArticleRow>(`SELECT ${COLUMNS} FROM articles WHERE source = $1 ORDER BY published_at DESC, id LIMIT $2 OFFSET $3`, [
        source,
        limit,
        (page - 1) * limit,
      ]),
      this.count(db, source),
    ]);
    return { posts: rows.map(toArticle), total };
  },

  async bySlug(db: Queryable, source: ArticleSource, slug: string): Promise<ArticleWithBody | undefined> {
    const { rows } = await db.query<ArticleRow>(`SELECT ${COLUMNS}, html FROM articles WHERE source = $1 AND slug = $2`, [source, slug]);
    const row = rows[0];
    return row ? { ...toArticle(row), html: row.html } : undefined;
  },
};
