import type { Article } from '../types/article';
import { ArticleCard } from './article-card';
import './article-grid.css';

/** Spec: articles in a 2-column grid (one column on phones). */
export function ArticleGrid({ posts }: { posts: Article[] }) {
  return (
    <ul className="article-grid">
      {posts.map((post) => (
        <li key={post.id}>
          <ArticleCard article={post} />
        </li>
      ))}
    </ul>
  );
}
