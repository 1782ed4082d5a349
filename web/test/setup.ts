import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, inject } from 'vitest';
import { loadLaterText } from '@/lib/i18n';

// Every answer comes from the real API on a shared machine: a second is not always enough.
configure({ asyncUtilTimeout: 10_000 });

// Components are rendered here without the app's on-demand loading, which adds the text of
// every screen but the first (ADR 70): all of it is there from the start.
beforeAll(() => loadLaterText());

// The page "is served" by the test API, so the client's /api addresses reach it.
beforeAll(() => jsdom.reconfigure({ url: inject('apiUrl') }));

afterEach(() => {
  cleanup();
  localStorage.clear();
});
