import type { Database } from '@stockai/platform';
import { articlesRepo } from '../articles/repo';
import { libraryArticles, toIndexedArticle } from './library';

/**
 * Writes the built-in library into the article index at start, so it is searched by the same
 * SQL as Ghost's posts. The library ships with the code: an article edited or removed in a
 * release is edited or removed in the index at the next start.
 */
export async function indexLibrary(db: Database): Promise<void> {
  await db.transaction((tx) => articlesRepo.replaceAll(tx, 'builtin', libraryArticles.map(toIndexedArticle)));
}
