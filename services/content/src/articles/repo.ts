import type { Queryable } from '@stockai/platform';
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
 * about, then its tags, then the excerpt, then anywhere in the body.
 */
const RANK_SQL = `
  SELECT ${COLUMNS}, SUM(q.weight * (
      CASE WHEN strpos(a.search_title, q.term) > 0 THEN 8 ELSE 0 END
    + CASE WHEN strpos(a.search_tags, q.term) > 0 THEN 5 ELSE 0 END
    + CASE WHEN strpos(a.search_excerpt, q.term) > 0 THEN 3 ELSE 0 END
    + CASE WHEN strpos(a.search_body, q.term) > 0 THEN 1 ELSE 0 END)) AS score
  FROM articles a CROSS JOIN unnest($2::text[], $3::float8[]) AS q(term, weight)
  WHERE a.source = $1
  GROUP BY a.source, a.id
  HAVING SUM(q.weight * (
      CASE WHEN strpos(a.search_title, q.term) > 0 THEN 8 ELSE 0 END
    + CASE WHEN strpos(a.search_tags, q.term) > 0 THEN 5 ELSE 0 END
    + CASE WHEN strpos(a.search_excerpt, q.term) > 0 THEN 3 ELSE 0 END
    + CASE WHEN strpos(a.search_body, q.term) > 0 THEN 1 ELSE 0 END)) > 0
  ORDER BY score DESC, a.published_at DESC, a.id
  LIMIT $4`;

export const articlesRepo = {
  async upsert(db: Queryable, article: IndexedArticle): Promise<void> {
    const tagText = article.tags.map((t) => `${t.name} ${t.slug}`).join(' | ');
    await db.query(
      `INSERT INTO articles (source, id, slug, title, excerpt, html, feature_image, published_at, reading_time, tags, url,
                             search_title, search_tags, search_excerpt, search_body, indexed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, now())
       ON CONFLICT (source, id) DO UPDATE SET
         slug = EXCLUDED.slug, title = EXCLUDED.title, excerpt = EXCLUDED.excerpt, html = EXCLUDED.html,
         feature_image = EXCLUDED.feature_image, published_at = EXCLUDED.published_at, reading_time = EXCLUDED.reading_time,
         tags = EXCLUDED.tags, url = EXCLUDED.url, search_title = EXCLUDED.search_title, search_tags = EXCLUDED.search_tags,
         search_excerpt = EXCLUDED.search_excerpt, search_body = EXCLUDED.search_body, indexed_at = now()`,
      [
        article.source, article.id, article.slug, article.title, article.excerpt, article.html, article.feature_image,
        article.published_at, article.reading_time, JSON.stringify(article.tags), article.url,
        normalise(article.title), normalise(tagText), normalise(article.excerpt), normalise(plainText(article.html)),
      ],
    );
  },

  /** Removes the posts of `source` that are not in `keepIds` (deleted or unpublished in Ghost). */
  async removeOthers(db: Queryable, source: ArticleSource, keepIds: string[]): Promise<number> {
    const result = await db.query('DELETE FROM articles WHERE source = $1 AND NOT (id = ANY($2::text[]))', [source, keepIds]);
    return result.rowCount;
  },

  async remove(db: Queryable, source: ArticleSource, id: string): Promise<void> {
    await db.query('DELETE FROM articles WHERE source = $1 AND id = $2', [source, id]);
  },

  async count(db: Queryable, source: ArticleSource): Promise<number> {
    const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM articles WHERE source = $1', [source]);
    return Number(rows[0]?.n ?? 0);
  },

  async search(db: Queryable, source: ArticleSource, terms: SearchTerm[], limit: number): Promise<Article[]> {
    if (terms.length === 0) return [];
    const { rows } = await db.query<ArticleRow>(RANK_SQL, [source, terms.map((t) => t.term), terms.map((t) => t.weight), limit]);
    return rows.map(toArticle);
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
