import { z } from 'zod';
import { authSessionResponse, changePasswordResponse, profileResponse, resetTokenResponse, verifyResponse } from '@stockai/contracts';
import { describeService, operation } from '@stockai/platform';
import { changePasswordBody, loginBody, registerBody } from './accounts/routes';
import { profileUpdateSchema } from './profile/fields';
import { forgotBody, resetBody, resetToken } from './recovery/routes';

const message = z.object({ message: z.string() });

/** The auth service's public routes (served to the gateway for GET /api/openapi.json). */
export const authApi = describeService({
  tag: 'auth',
  description: 'Accounts, sign-in and tokens, password recovery, the user profile',
  paths: {
    '/api/auth/register': {
      post: operation({
        summary: 'Create an account',
        access: 'public',
        body: registerBody,
        status: 201,
        response: authSessionResponse,
        errors: [409, 429],
      }),
    },
    '/api/auth/login': {
      post: operation({
        summary: 'Log in with e-mail and password',
        access: 'public',
        body: loginBody,
        response: authSessionResponse,
        errors: [401, 429],
      }),
    },
    '/api/auth/verify': {
      get: operation({ summary: 'The signed-in user of a token', access: 'user', response: verifyResponse }),
    },
    '/api/auth/logout': {
      post: operation({
        summary: 'Revoke the token',
        access: 'user',
        response: z.object({ success: z.literal(true), message: z.string() }),
      }),
    },
    '/api/auth/change-password': {
      put: operation({
        summary: 'Change the password; answers a new token (other sessions end)',
        access: 'user',
        body: changePasswordBody,
        response: changePasswordResponse.extend({ message: z.string() }),
      }),
    },
    '/api/auth/forgot-password': {
      post: operation({
        summary: 'Send a password-reset e-mail',
        description: 'Answers the same whether or not the address has an account.',
        access: 'public',
        body: forgotBody,
        response: message,
        errors: [429],
      }),
    },
    '/api/auth/verify-reset-token/{token}': {
      get: operation({
        summary: 'Whether a reset token is still valid',
        access: 'public',
        params: z.object({ token: resetToken }),
        response: resetTokenResponse,
      }),
    },
    '/api/auth/reset-password': {
      post: operation({ summary: 'Set a new password with a reset token', access: 'public', body: resetBody, response: message }),
    },
    '/api/auth/providers': {
      get: operation({
        summary: 'Which sign-in methods are available',
        access: 'public',
        response: z.object({ password: z.boolean(), google: z.boolean() }),
      }),
    },
    '/api/auth/google': {
      get: operation({
        summary: 'Start Google sign-in (browser redirect to Google)',
        access: 'public',
        status: 302,
        errors: [503],
      }),
    },
    '/api/auth/google/callback': {
      get: operation({
        summary: "Google's redirect back; redirects to the app with a token or an error",
        access: 'public',
        status: 302,
        query: z.object({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional() }),
        errors: [503],
      }),
    },
    '/api/users/profile': {
      get: operation({ summary: 'The basic info and investor profile', access: 'user', response: profileResponse }),
      put: operation({
        summary: 'Change some profile fields',
        description: 'Every field optional; the risk questionnaire answers are scored when all are given.',
        access: 'user',
        body: profileUpdateSchema,
        response: profileResponse,
      }),
    },
  },
});
