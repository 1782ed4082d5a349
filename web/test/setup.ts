import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, inject } from 'vitest';
import '@/lib/i18n';

// Every answer comes from the real API on a shared machine: a second is not always enough.
configure({ asyncUtilTimeout: 10_000 });

// The page "is served" by the test API, so the client's /api addresses reach it.
beforeAll(() => jsdom.reconfigure({ url: inject('apiUrl') }));

afterEach(() => {
  cleanup();
  localStorage.clear();
});
