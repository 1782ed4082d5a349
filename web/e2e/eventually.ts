import type { Locator } from 'playwright-core';

/**
 * Assertions that wait for the page to reach the expected state instead of reading it once.
 * After a click the page still shows its previous state for a moment (the answer is on its way,
 * React has not rendered yet); a read at that moment passes or fails by luck, and a loaded
 * machine makes the moment longer. Each helper reads again until the expectation holds, and on
 * time-out fails with the last value it read, as `expect` would have.
 */
const TIMEOUT_MS = 15_000;
const POLL_MS = 25;

/** Reads `read()` until `check` stops throwing; rethrows its last error after `timeoutMs`. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => void, timeoutMs = TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    try {
      check(value);
      return value;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const text = (locator: Locator) => async () => (await locator.textContent()) ?? '';

/** The element's text equals `expected` (a string) or matches it (a pattern). */
export const expectText = (locator: Locator, expected: string | RegExp) =>
  eventually(text(locator), (value) => (typeof expected === 'string' ? expect(value).toBe(expected) : expect(value).toMatch(expected)));

/** The element's text contains `expected`. */
export const expectTextContaining = (locator: Locator, expected: string) =>
  eventually(text(locator), (value) => expect(value).toContain(expected));

/** The locator matches exactly `count` elements. */
export const expectCount = (locator: Locator, count: number) =>
  eventually(
    () => locator.count(),
    (value) => expect(value).toBe(count),
  );

/** The attribute has the value (null: the attribute is absent). */
export const expectAttribute = (locator: Locator, name: string, expected: string | null) =>
  eventually(
    () => locator.getAttribute(name),
    (value) => expect(value).toBe(expected),
  );

/** The input's value. */
export const expectValue = (locator: Locator, expected: string) =>
  eventually(
    () => locator.inputValue(),
    (value) => expect(value).toBe(expected),
  );
