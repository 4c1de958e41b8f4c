/**
 * The web app's first visit on a mid-range phone (npm run bench:web, docs/performance.md): the production build
 * on a fresh embedded database, each page opened cold in Debian's Chromium at 375×812 with the CPU slowed 4× and a
 * slow 4G network (1.6 Mbps down, 750 Kbps up, 150 ms round trip). Per page: JavaScript and CSS bodies as
 * transferred (compressed) and raw, everything fetched until the network is quiet (the idle preload of the tab
 * pages included), requests, LCP, CLS and total blocking time; the median of `--runs N` (default 3). Exits 1
 * when a target is missed. BENCH_BASE_URL measures a server already running (an older build) instead.
 */
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/browser.js';
import { startServerProcess } from './lib.js';

const TARGETS = {
  /** JavaScript of the first load, compressed as served, in KB. */
  jsKb: { '/': 150, '/bot/:id': 200 } as Record<string, number>,
  lcpMs: 2500,
  cls: 0.1,
  /** Pages held to the LCP and CLS targets. */
  vitals: ['/', '/bot/discover'],
};

const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt > 0 ? Math.max(1, Number(process.argv[runsAt + 1]) || 1) : 3;

type Figures = {
  jsServed: number;
  jsRaw: number;
  cssServed: number;
  cssRaw: number;
  requests: number;
  lcp: number;
  cls: number;
  tbt: number;
  /** What the largest paint was: tag, class, and its image address or first words. */
  lcpElement: string;
};

/** Installed before any script of the page: the observers keep what they see on `window.__vitals`. */
const OBSERVE = () => {
  const v = {
    lcp: 0,
    lcpElement: '',
    cls: 0,
    fcp: 0,
    longTasks: [] as { start: number; duration: number }[],
  };
  (window as unknown as { __vitals: typeof v }).__vitals = v;
  let session = 0;
  let sessionStart = 0;
  let last = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { element: Element | null; url: string })[]) {
      v.lcp = e.startTime;
      const el = e.element;
      v.lcpElement = el
        ? `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} ${e.url || (el.textContent ?? '').slice(0, 24)}`
        : '(removed)';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  // CLS as Chrome reports it: the worst session window (shifts < 1 s apart, a window at most 5 s long).
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (e.hadRecentInput) continue;
      if (e.startTime - last > 1000 || e.startTime - sessionStart > 5000) {
        session = 0;
        sessionStart = e.startTime;
      }
      session += e.value;
      last = e.startTime;
      v.cls = Math.max(v.cls, session);
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') v.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) v.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
};

async function throttle(cdp: CDPSession) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

async function measure(page: Page, url: string): Promise<Figures> {
  const cdp = await page.context().newCDPSession(page);
  await throttle(cdp);
  const seen = new Map<string, { type: string; headers: number }>();
  const sizes = { jsServed: 0, jsRaw: 0, cssServed: 0, cssRaw: 0, requests: 0 };
  const raw = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', () => void sizes.requests++);
  // What had arrived when the headers were read is the headers' size: the body is what came after.
  cdp.on(
    'Network.responseReceived',
    (e) => void seen.set(e.requestId, { type: e.type, headers: e.response.encodedDataLength }),
  );
  cdp.on(
    'Network.dataReceived',
    (e) => void raw.set(e.requestId, (raw.get(e.requestId) ?? 0) + e.dataLength),
  );
  cdp.on('Network.loadingFinished', (e) => {
    const response = seen.get(e.requestId);
    const key = response?.type === 'Script' ? 'js' : response?.type === 'Stylesheet' ? 'css' : null;
    if (!key) return;
    sizes[`${key}Served`] += e.encodedDataLength - response!.headers;
    sizes[`${key}Raw`] += raw.get(e.requestId) ?? 0;
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  // Late shifts and tasks (images, fonts, idle work) still count: a quiet second after the network.
  await page.waitForTimeout(1000);
  const v = await page.evaluate(
    () =>
      (
        window as unknown as {
          __vitals: {
            lcp: number;
            lcpElement: string;
            cls: number;
            fcp: number;
            longTasks: { start: number; duration: number }[];
          };
        }
      ).__vitals,
  );
  const tbt = v.longTasks
    .filter((t) => t.start + t.duration > v.fcp)
    .reduce((n, t) => n + Math.max(0, t.duration - 50), 0);
  await cdp.detach();
  return { ...sizes, lcp: v.lcp, lcpElement: v.lcpElement, cls: v.cls, tbt };
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const server = process.env.BENCH_BASE_URL
  ? { url: process.env.BENCH_BASE_URL.replace(/\/$/, ''), stop: async () => undefined }
  : await startServerProcess({});
const browser = await launchBrowser();
let missed = 0;
try {
  const home = (await (await fetch(`${server.url}/api/v1/bot/home`)).json()) as {
    data: { assistant: { id: number } };
  };
  const pages: [string, string][] = [
    ['/', '/'],
    ['/bot/discover', '/bot/discover'],
    ['/bot/:id', `/bot/${home.data.assistant.id}`],
  ];
  console.log(`web first visit, ${server.url}: 4× CPU, slow 4G, 375×812, cold cache; median of ${RUNS}`);
  const kb = (n: number) => (n / 1024).toFixed(1);
  const rows: string[][] = [
    ['page', 'JS KB (raw)', 'CSS KB (raw)', 'requests', 'LCP ms', 'CLS', 'TBT ms', 'verdict'],
  ];
  const elements: string[] = [];
  for (const [name, path] of pages) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({
        viewport: { width: 375, height: 812 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        locale: 'zh-CN',
      });
      await context.addInitScript(OBSERVE);
      const page = await context.newPage();
      runs.push(await measure(page, server.url + path));
      await context.close();
    }
    const m = Object.fromEntries(
      (Object.keys(runs[0]!) as (keyof Figures)[])
        .filter((k) => k !== 'lcpElement')
        .map((k) => [k, median(runs.map((r) => r[k] as number))]),
    ) as unknown as Figures;
    elements.push(`${name}: ${[...new Set(runs.map((r) => r.lcpElement))].join(' | ')}`);
    const misses: string[] = [];
    const jsTarget = TARGETS.jsKb[name];
    if (jsTarget !== undefined && m.jsServed / 1024 > jsTarget) misses.push(`JS > ${jsTarget} KB`);
    if (TARGETS.vitals.includes(name) && m.lcp > TARGETS.lcpMs) misses.push(`LCP > ${TARGETS.lcpMs} ms`);
    if (TARGETS.vitals.includes(name) && m.cls > TARGETS.cls) misses.push(`CLS > ${TARGETS.cls}`);
    missed += misses.length;
    rows.push([
      name,
      `${kb(m.jsServed)} (${kb(m.jsRaw)})`,
      `${kb(m.cssServed)} (${kb(m.cssRaw)})`,
      String(m.requests),
      m.lcp.toFixed(0),
      m.cls.toFixed(3),
      m.tbt.toFixed(0),
      misses.length ? `MISSED: ${misses.join(', ')}` : 'ok',
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join('  '));
  console.log(`LCP element (tag.class, image or first words):\n  ${elements.join('\n  ')}`);
} finally {
  await browser.close();
  await server.stop();
}
process.exitCode = missed ? 1 : 0;
