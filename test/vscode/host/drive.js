// Drives the VS Code server's workbench in headless Debian Chromium through playwright-core and runs the
// extension test suite in it (adapted from the shared vscode-host recipe).
// usage: node drive.js --url http://127.0.0.1:PORT --folder /workspace --devPath /ext --testsPath /ext/.../index.js
//                      [--shots /dir] [--timeout 300]
// The server, started with --enable-smoke-test-driver, calls codeAutomationLog/codeAutomationExit with the
// suite's console output and exit code. A suite line `[noarkq-shot] <name> <css selector>` asks for a
// screenshot: once <selector> is on the page (and, for a webview, its document has content) the workbench
// is saved to <shots>/<name>.png, written whole at once so the suite can wait for the file to appear.
// `<css selector> @ <content selector>` names what a webview must show: with several webviews open,
// the default (any results content) may already be on screen in another one.
const { chromium } = require('playwright-core');
const fs = require('fs'); const path = require('path'); const os = require('os');
const args = require('util').parseArgs({ options: {
  url: { type: 'string' }, folder: { type: 'string' }, devPath: { type: 'string' }, testsPath: { type: 'string' },
  shots: { type: 'string' }, timeout: { type: 'string', default: '300' }, verbose: { type: 'boolean', default: false },
}}).values;
const t0 = Date.now(); const el = () => ((Date.now() - t0) / 1000).toFixed(1) + 's';

async function takeShot(page, name, request) {
  if (!args.shots || !/^[\w-]+$/.test(name)) return;
  const [selector, content = '#app .grid-row, #app .transaction, #app .error-description, #app .empty, #app .hit'] = (request ?? '').split(' @ ');
  try {
    if (selector) await page.waitForSelector(selector, { state: 'visible', timeout: 30000 });
    if (selector && selector.includes('webview')) {
      // A webview's content lives in nested frames: wait until one of them has rendered something.
      const deadline = Date.now() + 30000;
      for (;;) {
        const frames = page.frames().filter((f) => f !== page.mainFrame());
        let rendered = false;
        for (const f of frames) {
          // The results webview draws into #app; other frames of the workbench may hold text too.
          rendered = await f.evaluate((wanted) => document.querySelector(wanted) !== null, content).catch(() => false);
          if (rendered) break;
        }
        if (rendered || Date.now() > deadline) break;
        await page.waitForEvent('framenavigated', { timeout: 500 }).catch(() => undefined);
      }
    }
    // Let the last layout and fonts settle: screenshots are for people, not assertions.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const buffer = await page.screenshot();
    fs.mkdirSync(args.shots, { recursive: true });
    const file = path.join(args.shots, `${name}.png`);
    fs.writeFileSync(file + '.tmp', buffer);
    fs.renameSync(file + '.tmp', file);
    console.log(`[driver] screenshot ${file} at ${el()}`);
  } catch (e) {
    console.log(`[driver] screenshot ${name} failed: ${e.message}`);
  }
}

(async () => {
  const base = new URL(args.url);
  const remote = (p) => `vscode-remote://${base.host}${p}`;
  const payload = [];
  if (args.devPath) payload.push(['extensionDevelopmentPath', remote(path.resolve(args.devPath))]);
  if (args.testsPath) payload.push(['extensionTestsPath', remote(path.resolve(args.testsPath))]);
  payload.push(['skipWelcome', 'true']);
  const q = new URLSearchParams();
  if (args.folder) q.set('folder', path.resolve(args.folder));
  q.set('payload', JSON.stringify(payload));
  const target = `${base.origin}/?${q}`;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'chrome-profile-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', headless: true, viewport: { width: 1400, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
           '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  const page = ctx.pages()[0] || await ctx.newPage();
  let exitCode = null; let resolveExit; const exited = new Promise(r => resolveExit = r);
  let shots = Promise.resolve();
  await page.exposeFunction('codeAutomationLog', (type, a) => {
    const line = Array.isArray(a) ? a.join(' ') : String(a);
    const shot = /^\[noarkq-shot\] ([\w-]+)(?: (.+))?$/.exec(line);
    if (shot) { shots = shots.then(() => takeShot(page, shot[1], shot[2])); return; }
    try { console[type](...a); } catch { console.log(a); }
  });
  await page.exposeFunction('codeAutomationExit', (code) => { exitCode = code; console.log(`[driver] codeAutomationExit(${code}) at ${el()}`); resolveExit(); });
  if (args.verbose) page.on('console', m => console.log('[page]', m.type(), m.text()));
  page.on('pageerror', e => console.log('[pageerror]', e.message));
  await page.goto(target);
  await page.waitForSelector('.monaco-workbench', { timeout: 60000 });
  console.log('[driver] workbench DOM present at', el());
  const T = Number(args.timeout) * 1000;
  let timer;
  await Promise.race([exited, new Promise(r => { timer = setTimeout(r, T); })]);
  clearTimeout(timer);
  if (exitCode === null) { console.log('[driver] TIMEOUT waiting for tests'); exitCode = 2; }
  await shots;
  await ctx.close();
  fs.rmSync(profile, { recursive: true, force: true });
  console.log('[driver] done at', el(), 'exit', exitCode);
  process.exit(exitCode);
})().catch(e => { console.error('[driver] ERROR', e); process.exit(3); });
