import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PagePlaceholder } from '@/components/ui/page-placeholder/page-placeholder';
import { Spinner } from '@/components/ui/spinner/spinner';
import { ArticleView, EducationalPosts, RelatedArticles, useArticle } from '@/features/articles';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /articles/:slug — one article of the built-in library, followed by related reading found by
 * its tags (Ghost posts open on the Ghost site instead). A dead link offers starter articles
 * rather than a bare 404.
 */
export function ArticleRoute() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const query = useArticle(slug);
  useDocumentTitle(query.status === 'found' ? query.article.title : query.status === 'not-found' ? t('articles.notFoundTitle') : undefined);

  if (query.status === 'loading') {
    return (
      <div className="page">
        <Spinner label={t('articles.loading')} />
      </div>
    );
  }
  if (query.status !== 'found') {
    const notFound = query.status === 'not-found';
    return (
      <div className="page">
        <PagePlaceholder
          title={notFound ? t('articles.notFoundTitle') : t('routeError.title')}
          description={notFound ? t('articles.notFoundDescription') : t('articles.loadFailed')}
        >
          <Link to="/" className="btn btn--primary">
            {t('articles.backHome')}
          </Link>
        </PagePlaceholder>
        {notFound && <EducationalPosts productType="beginner" />}
      </div>
    );
  }

  const { article } = query;
  return (
    <div className="page">
      <ArticleView article={article} />
      <RelatedArticles
        keywords={article.tags.map((tag) => tag.name)}
        excludeSlug={article.slug}
        title={t('articles.moreTitle')}
        className="article-view-companion"
      />
    </div>
  );
}
