/**
 * The parts of Ghost's official clients this service uses (the packages ship no types).
 * Shapes follow Ghost's Content and Admin API responses.
 */
declare module '@tryghost/content-api' {
  export interface GhostTag {
    id: string;
    name: string;
    slug: string;
  }
  export interface GhostPost {
    id: string;
    uuid?: string;
    slug: string;
    title: string;
    excerpt?: string | null;
    custom_excerpt?: string | null;
    html?: string | null;
    plaintext?: string | null;
    feature_image?: string | null;
    published_at: string;
    reading_time?: number;
    tags?: GhostTag[];
    url: string;
  }
  export interface GhostPagination {
    page: number;
    limit: number | 'all';
    pages: number;
    total: number;
    next: number | null;
    prev: number | null;
  }
  export type GhostList<T> = T[] & { meta: { pagination: GhostPagination } };
  export interface BrowseParams {
    limit?: number | 'all';
    page?: number;
    filter?: string;
    include?: string;
    fields?: string;
    formats?: string;
    order?: string;
  }
  interface Resource<T> {
    browse(params?: BrowseParams): Promise<GhostList<T>>;
    read(data: { id?: string; slug?: string }, params?: BrowseParams): Promise<T>;
  }
  export interface GhostContentApi {
    posts: Resource<GhostPost>;
    tags: Resource<GhostTag>;
  }
  export default function GhostContentAPI(options: { url: string; key: string; version: string | boolean; ghostPath?: string }): GhostContentApi;
}

declare module '@tryghost/admin-api' {
  export interface GhostMember {
    id: string;
    email: string;
    name?: string | null;
    status?: string;
    created_at?: string;
    labels?: Array<{ name: string }>;
  }
  interface MembersResource {
    browse(params?: { filter?: string; limit?: number }): Promise<GhostMember[]>;
    add(data: { email: string; name?: string; labels?: Array<{ name: string }> }): Promise<GhostMember>;
    edit(data: { id: string; name?: string; labels?: Array<{ name: string }> }): Promise<GhostMember>;
  }
  export interface GhostAdminApi {
    members: MembersResource;
  }
  export default function GhostAdminAPI(options: { url: string; key: string; version: string; ghostPath?: string }): GhostAdminApi;
}
