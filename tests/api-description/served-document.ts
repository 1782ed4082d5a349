import type { OpenApiDocument } from '@stockai/platform';
import { mergeApiDescriptions } from '../../gateway/src/api-description';
import { adminApi } from '../../services/admin/src/openapi';
import { analysisApi } from '../../services/analysis/src/openapi';
import { authApi } from '../../services/auth/src/openapi';
import { billingApi } from '../../services/billing/src/openapi';
import { contentApi } from '../../services/content/src/openapi';

/**
 * The document the gateway serves at GET /api/openapi.json, built without starting anything:
 * each service's part as it serves it (JSON at /internal/openapi.json), merged by the gateway's
 * own merge in the order of its upstreams. The API description's integration test checks that
 * the running gateway serves exactly this, so the lint (lint.ts) reads what integrators get.
 */
export function servedApiDescription(): OpenApiDocument {
  const parts = { auth: authApi, billing: billingApi, analysis: analysisApi, content: contentApi, admin: adminApi };
  return mergeApiDescriptions(
    Object.entries(parts).map(([service, part]) => ({ service, document: JSON.parse(JSON.stringify(part)) as OpenApiDocument })),
  );
}
