import { currentSubscriptionResponse, subscribeActionResponse } from '@stockai/contracts';
import { z } from 'zod';

/**
 * The schemas the API client checks answers with: the contracts' (and the two the web states
 * itself). Imported only through `loadAnswerSchemas`, so that zod and the contracts download
 * beside the first API request instead of before the first paint (ADR 50). Named one by one:
 * a chunk loaded on demand keeps every export it has, and zod's whole namespace (its
 * translations included) would more than double it.
 */
export {
  analysisEstimateResponse,
  analysisHistoryResponse,
  analysisView,
  authProvidersResponse,
  authSessionResponse,
  changePasswordResponse,
  confirmPaymentResponse,
  creditsResponse,
  currentSubscriptionResponse,
  demoIntentResponse,
  notificationSettings,
  notificationsResponse,
  packagesResponse,
  paymentConfigResponse,
  paymentIntentResponse,
  plansResponse,
  postResponse,
  postsResponse,
  profileResponse,
  resetTokenResponse,
  startAnalysisResponse,
  stockListResponse,
  stockStatusResponse,
  userPaymentsResponse,
  verifyResponse,
  watchlistAlert,
  watchlistItem,
  watchlistResponse,
} from '@stockai/contracts';

/** An answer whose body the caller does not read (logout, password reset requests). */
export const ignoredAnswer = z.unknown();

/** POST subscriptions/subscribe: the card's authentication step, or the subscription it started. */
export const subscribeResponse = z.union([subscribeActionResponse, currentSubscriptionResponse]);
