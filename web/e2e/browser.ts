import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium); playwright-core downloads no browser of its own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The machine has no network beyond localhost, so Chromium's background calls home are switched
 * off; otherwise it retries refused connections on every start.
 */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium package or set CHROMIUM_PATH`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
