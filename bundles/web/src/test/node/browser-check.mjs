// The web console in Debian's chromium, driven by playwright-core (the itest WebConsoleBrowserTest runs it against a
// real framework with two robots). Every wait is bounded; a failed check exits 1 with one line saying which.
//
//   node browser-check.mjs <base url> <token> <screenshot dir> <robot A> <robot B>
//
// Checks: a wrong token is refused; the right one logs in; the cell page lists both robots; the Deactivate and
// Activate buttons switch A's trajectory controller and the page shows each new state; a refused Activate shows the
// manager's line; B's admittance chain, loaded and configured with the buttons, is drawn as a graph; a plot of A's
// joint1 position gets values that move while the test runs trajectories; the 3D page sets A's joints. Prints one JSON line with what it saw.
import { chromium } from 'playwright-core';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [base, token, shots, robotA, robotB] = process.argv.slice(2);
const WAIT = 30_000;
const seen = {};
mkdirSync(shots, { recursive: true });
const profile = mkdtempSync(join(tmpdir(), 'robocell-chromium-'));

function fail(what) {
  console.log(JSON.stringify({ failed: what, seen }));
  process.exitCode = 1;
  throw new Error(what);
}

async function check(what, fn) {
  try {
    return await fn();
  } catch (e) {
    if (process.exitCode === 1) throw e;
    fail(`${what}: ${String(e.message || e).split('\n')[0]}`);
  }
}

// a fresh profile (--user-data-dir) each run: Playwright passes it to chromium itself
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width: 1400, height: 900 },
});
try {
  const page = browser.pages()[0] || await browser.newPage();
  page.setDefaultTimeout(WAIT);

  await check('the console sends a browser without the cookie to the login page', async () => {
    await page.goto(base + '/');
    await page.waitForURL(/\/login$/);
  });
  await check('a wrong token is refused', async () => {
    await page.fill('#token', 'not-the-token-0123456789');
    const [resp] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/login')), page.click('#login')]);
    seen.wrongTokenStatus = resp.status();
    if (resp.status() !== 403) throw new Error(`status ${resp.status()}`);
    await page.locator('#error', { hasText: 'Wrong token' }).waitFor();
    const api = await page.request.get(base + '/api/cell');
    seen.apiWithoutLogin = api.status();
    if (api.status() !== 401) throw new Error(`/api/cell answered ${api.status()} without login`);
  });
  await page.screenshot({ path: join(shots, 'login-refused.png') });

  await check('the right token logs in and the cell page lists both robots', async () => {
    await page.fill('#token', token);
    await page.click('#login');
    await page.locator(`#cell-table tr[data-robot="${robotA}"]`).waitFor();
    await page.locator(`#cell-table tr[data-robot="${robotB}"]`).waitFor();
    seen.robots = await page.locator('#cell-table tbody td.name').allTextContents();
    const cookies = await browser.cookies();
    const c = cookies.find((k) => k.name === 'robocell_web');
    if (!c || !c.httpOnly) throw new Error('no HttpOnly session cookie');
    if (c.value.includes(token)) throw new Error('the cookie carries the token');
  });
  await check('the loop statistics move', async () => {
    const cycles = async () => Number(await page.locator(`#cell-table tr[data-robot="${robotA}"] td.cycles`).textContent());
    const first = await cycles();
    await page.waitForFunction(([r, n]) => Number(document.querySelector(`#cell-table tr[data-robot="${r}"] td.cycles`).textContent) > n,
      [robotA, first]);
  });
  await page.screenshot({ path: join(shots, 'cell.png') });

  const cell = await (await page.request.get(base + '/api/cell')).json();
  const a = cell.robots.find((r) => r.name === robotA);
  const prefix = a.namespace ? a.namespace + '/' : '';
  const jtc = `${prefix}joint_trajectory_controller`;
  const row = (name) => page.locator(`section[data-robot="${robotA}"] tr[data-controller="${name}"]`);
  await check('Deactivate switches the trajectory controller and the page shows it inactive', async () => {
    await page.goto(base + '/#/controllers');
    await row(jtc).locator('td.state', { hasText: 'active' }).waitFor();
    await row(jtc).locator('button[data-action="deactivate"]').click();
    await row(jtc).locator('td.state', { hasText: 'inactive' }).waitFor();
    seen.deactivated = (await page.locator('#message').textContent()).trim();
  });
  await page.screenshot({ path: join(shots, 'controllers-deactivated.png') });
  await check('Activate switches it back and the page shows it active', async () => {
    await row(jtc).locator('button[data-action="activate"]').click();
    await row(jtc).locator('td.state.active').waitFor();
    seen.activated = (await page.locator('#message').textContent()).trim();
  });
  await check("a refused Activate shows the manager's line", async () => {
    const fpc = `${prefix}forward_position_controller`;
    await row(fpc).locator('button[data-action="activate"]').click();
    await page.locator('#message.error').waitFor();
    seen.refused = (await page.locator('#message').textContent()).trim();
  });
  await page.screenshot({ path: join(shots, 'controllers.png') });

  await check("B's chain, loaded and configured with the buttons, is drawn as a graph", async () => {
    const b = cell.robots.find((r) => r.name === robotB);
    const bPrefix = b.namespace ? b.namespace + '/' : '';
    const admittance = `${bPrefix}admittance_controller`;
    const chained = `${bPrefix}chained_trajectory_controller`;
    const section = page.locator(`section[data-robot="${robotB}"]`);
    seen.chainSteps = [];
    for (const name of [admittance, chained]) {
      await section.locator(`button[data-action="load"][data-name="${name}"]`).click();
      await section.locator(`tr[data-controller="${name}"] button[data-action="configure"]`).click();
      await section.locator(`tr[data-controller="${name}"] td.state.inactive`).waitFor();
      seen.chainSteps.push((await page.locator('#message').textContent()).trim());
    }
    const edge = section.locator(`svg.chain-graph g.edge[data-from="${chained}"][data-to="${admittance}"]`);
    await edge.waitFor();
    seen.chain = { edge: (await edge.locator('text').textContent()).trim(),
      nodes: await section.locator('svg.chain-graph g.node').count() };
  });
  await page.screenshot({ path: join(shots, 'chain.png'), fullPage: true });

  const series = `${a.jointStates}:joint1/position`;
  await check("a plot of joint1's position gets values that move", async () => {
    await page.goto(base + '/#/plots');
    const channel = page.locator(`details[data-channel="${a.jointStates}"]`);
    await channel.locator('summary').click();
    await channel.locator('input[data-field="joint1/position"]').check();
    await channel.locator('input[data-field="joint2/position"]').check();
    await page.click('#plot');
    await page.waitForFunction((s) => {
      const d = window.robocellPlot;
      if (!d || d.series[0] !== s || d.t.length < 200) return false;
      const v = d.v[0].filter((x) => x !== null);
      return Math.max(...v) - Math.min(...v) > 0.05;
    }, series, { timeout: 60_000 });
    seen.plot = await page.evaluate(() => {
      const d = window.robocellPlot;
      const v = d.v[0].filter((x) => x !== null);
      const span = d.t[d.t.length - 1] - d.t[0];
      return { series: d.series, points: d.t.length, seconds: span, perSecond: d.t.length / span,
        min: Math.min(...v), max: Math.max(...v), dropped: d.dropped };
    });
  });
  await page.screenshot({ path: join(shots, 'plots.png') });

  await check("the 3D page sets the robot's joints live", async () => {
    await page.goto(base + `/#/robot?robot=${encodeURIComponent(robotA)}`);
    await page.waitForFunction((r) => window.robocell3d && window.robocell3d.robot === r
      && window.robocell3d.updates > 10 && window.robocell3d.joints.joint1 !== null, robotA);
    seen.joints3d = await page.evaluate(() => window.robocell3d.joints);
  });
  await page.screenshot({ path: join(shots, 'robot3d.png') });

  await check('the hardware page lists the components', async () => {
    await page.goto(base + '/#/hardware');
    await page.locator(`section[data-robot="${robotB}"] table.components td`).first().waitFor();
  });
  await page.screenshot({ path: join(shots, 'hardware.png') });
  console.log(JSON.stringify({ ok: true, seen }));
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
