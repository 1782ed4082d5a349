import { Router } from 'express';
import type { OpenApiDocument } from './describe';

/** Where a service serves its part of the API description (never routed by the gateway). */
export const API_DESCRIPTION_PATH = '/internal/openapi.json';

export function apiDescriptionRoute(document: OpenApiDocument): Router {
  const router = Router();
  const json = JSON.stringify(document);
  router.get(API_DESCRIPTION_PATH, (_req, res) => {
    res.type('application/json').send(json);
  });
  return router;
}
