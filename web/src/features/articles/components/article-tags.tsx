import { useTranslation } from 'react-i18next';
import type { ArticleTag } from '../types/article';
import './article-tags.css';

/** Spec: 3 tags shown per article. */
export const TAGS_SHOWN = 3;

export function ArticleTags({ tags }: { tags: ArticleTag[] }) {
  const { t } = useTranslation();
  if (tags.length === 0) return null;
  return (
    <ul className="ui-wrap ui-wrap--1 article-tags" aria-label={t('articles.tagsLabel')}>
      {tags.slice(0, TAGS_SHOWN).map((tag) => (
        <li key={tag.id} className="article-tags__tag">
          {tag.name}
        </li>
      ))}
    </ul>
  );
}
