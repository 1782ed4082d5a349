/** What the component tests' setup gives them (test/global-setup.ts, vitest's jsdom environment). */
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The address of the real API the tests run against. */
    apiUrl: string;
  }
}

declare global {
  /** vitest's jsdom instance: `reconfigure` moves the page to another address. */
  const jsdom: { reconfigure(options: { url: string }): void };
}
