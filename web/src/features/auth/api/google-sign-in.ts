import { apiUrl } from '@/lib/api-client';

/** Google sign-in is a full-page redirect into the API, which sends the browser to Google. */
export const GOOGLE_SIGN_IN_URL = apiUrl('auth/google');
