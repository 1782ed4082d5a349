export interface ArticleTag {
  id: string;
  name: string;
  slug: string;
}

/** A blog post as every ghost/* call returns it (spec: Blog post). */
export interface Article {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  feature_image: string | null;
  published_at: string;
  reading_time: number;
  tags: ArticleTag[];
  /** `/articles/<slug>` for the built-in library (shown in this app), else the Ghost site's URL. */
  url: string;
}

export interface ArticleWithBody extends Article {
  html: string;
}
