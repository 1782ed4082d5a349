import type { IndexedArticle } from '../articles/article';
import { plainText } from '../articles/search-text';
import { incomeAndFundArticles } from './income-fund-articles';
import type { LibraryArticle } from './library-article';
import { marketAndPlanningArticles } from './market-planning-articles';
import { riskAndStatusArticles } from './risk-status-articles';
import { valuationArticles } from './valuation-articles';

/** Every article of the built-in library, newest first. */
export const libraryArticles: LibraryArticle[] = [
  ...valuationArticles,
  ...incomeAndFundArticles,
  ...riskAndStatusArticles,
  ...marketAndPlanningArticles,
].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));

/** Where the web app shows a built-in article, and where its cover image is served. */
const articlePath = (slug: string) => `/articles/${slug}`;
const coverImagePath = (slug: string) => `/api/ghost/images/${slug}.svg`;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The body blocks as the HTML Ghost would hold (h2, p, ul). */
function renderBody(blocks: string[]): string {
  return blocks
    .map((block) => {
      if (block.startsWith('## ')) return `<h2>${escapeHtml(block.slice(3))}</h2>`;
      const lines = block.split('\n');
      if (lines.every((line) => line.startsWith('- '))) {
        return `<ul>${lines.map((line) => `<li>${escapeHtml(line.slice(2))}</li>`).join('')}</ul>`;
      }
      return `<p>${escapeHtml(block)}</p>`;
    })
    .join('\n');
}

/**
 * Reading time in whole minutes, at least 1. Ghost counts 275 English words a minute; for
 * Chinese, where each character is read rather than each word, about 350 characters a minute
 * (reading to learn, not skimming). Rounded up, as a reader would rather be surprised early.
 */
export function readingTime(text: string): number {
  const cjk = (text.match(/[\u3400-\u9fff]/g) ?? []).length;
  const words = text
    .replace(/[\u3400-\u9fff]/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.ceil(cjk / 350 + words / 275));
}

const libraryArticleId = (slug: string) => `builtin-${slug}`;

export function toIndexedArticle(article: LibraryArticle): IndexedArticle {
  const html = renderBody(article.body);
  return {
    source: 'builtin',
    id: libraryArticleId(article.slug),
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt,
    html,
    feature_image: coverImagePath(article.slug),
    published_at: article.publishedAt,
    reading_time: readingTime(plainText(html)),
    tags: article.tags,
    url: articlePath(article.slug),
  };
}
