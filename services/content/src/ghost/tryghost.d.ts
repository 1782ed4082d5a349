/**
 * The parts of Ghost's official clients this service uses (the packages ship no types).
 * What the Content API answers is checked at run time (ghost-answer.ts), so it is `unknown` here.
 */
declare module '@tryghost/content-api' {
  export interface BrowseParams {
    limit?: number | 'all';
    page?: number;
    filter?: string;
    include?: string;
    fields?: string;
    formats?: string;
    order?: string;
  }
  interface Resource {
    /** The resource's list with Ghost's `meta` attached (or whatever Ghost sent instead of a list). */
    browse(params?: BrowseParams): Promise<unknown>;
  }
  export interface GhostContentApi {
    posts: Resource;
  }
  export default function GhostContentAPI(options: {
    url: string;
    key: string;
    version: string | boolean;
    ghostPath?: string;
    makeRequest?: (request: {
      url: string;
      method: string;
      params?: Record<string, unknown>;
      headers?: Record<string, string>;
    }) => Promise<{ data: unknown }>;
  }): GhostContentApi;
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
  export default function GhostAdminAPI(options: {
    url: string;
    key: string;
    version: string;
    ghostPath?: string;
    makeRequest?: (request: {
      url: string;
      method: string;
      params?: Record<string, unknown>;
      headers?: Record<string, string>;
      data?: unknown;
    }) => Promise<unknown>;
  }): GhostAdminApi;
}
