import { chromium, type Browser } from 'playwright-core';

/** Quiet, reproducible runs: no GPU, no QUIC (the benchmarks' network throttle sees every byte), no background fetches. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, never a downloaded browser: the end-to-end tests and the browser benchmarks launch it here. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}
