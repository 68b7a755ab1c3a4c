// Drives the ChatWidget in a running JupyterLab with Debian's headless Chromium.
//
//   node chat_widget.mjs --url http://127.0.0.1:PORT --token T --notebook widget_page.ipynb \
//        --screenshot docs/images/chat_widget.png --profile /tmp/profile
//
// Checks, in order: the widget renders; typing a message and pressing Send streams the reply
// into the history (a partial reply is seen before the whole one); the watermark gauge moves.
// Every wait is bounded; any failure exits 1 with one line saying which step failed.
// scripts/browser_test.sh starts and stops the server and the browser's profile directory.

import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";

const { values: opts } = parseArgs({
  options: {
    url: { type: "string" },
    token: { type: "string", default: "" },
    notebook: { type: "string" },
    screenshot: { type: "string" },
    profile: { type: "string" },
    chromium: { type: "string", default: "/usr/bin/chromium" },
    message: { type: "string", default: "Hello from the browser test" },
    gauge: { type: "string", default: "context" },
    "budget-seconds": { type: "string", default: "150" },
  },
});
for (const name of ["url", "notebook", "screenshot", "profile"]) {
  if (!opts[name]) fail("arguments", `--${name} is required`);
}

// The offline provider's demo answer starts and ends with these (nbagent/llm/providers/offline.py).
const REPLY_START = "I am the offline travel planner";
const REPLY_END = "(offline demo: no model or network was used)";
const STEP_MS = 45_000;

let step = "start";
function fail(where, message) {
  console.error(`browser-test FAILED at step "${where}": ${message}`);
  process.exit(1);
}
function log(message) {
  console.log(`browser-test: ${message}`);
}

// A hard stop for the whole run, whatever Playwright is waiting on.
const budgetMs = Number(opts["budget-seconds"]) * 1000;
setTimeout(() => fail(step, `the whole check passed its ${budgetMs / 1000} s budget`), budgetMs).unref();

const context = await chromium
  .launchPersistentContext(opts.profile, {
    executablePath: opts.chromium,
    headless: true,
    // The machine's network is closed: without these Chromium keeps dialling Google's hosts.
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-quic",
      "--disable-sync",
    ],
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: 2,
    timeout: 30_000,
  })
  .catch((e) => fail("launch chromium", `${e.message.split("\n")[0]} (is ${opts.chromium} installed?)`));

try {
  await run(context);
} catch (e) {
  // Playwright colours its call log; keep the first lines, plain.
  fail(step, e.message.replace(/\x1b\[[0-9;]*m/g, "").split("\n").slice(0, 3).join(" | "));
} finally {
  await context.close().catch(() => {});
}
process.exit(0);

async function run(context) {
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(STEP_MS);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));

  step = "open notebook";
  const query = new URLSearchParams({ reset: "" });
  if (opts.token) query.set("token", opts.token);
  const started = Date.now();
  await page.goto(`${opts.url}/lab/tree/${opts.notebook}?${query}`, { waitUntil: "load" });
  await page.waitForFunction(() => window.jupyterapp?.shell?.currentWidget?.context?.sessionContext);
  await page.waitForFunction(
    () => window.jupyterapp.shell.currentWidget.context.sessionContext.session?.kernel != null,
  );
  log(`notebook open with a kernel after ${ms(started)}`);

  step = "run all cells";
  await page.evaluate(() => window.jupyterapp.commands.execute("notebook:run-all-cells"));

  step = "widget renders";
  const root = page.locator(".jp-OutputArea-output").filter({ has: page.locator(".widget-button") }).last();
  // A cell that raised shows a traceback instead of the widget: report it rather than time out.
  const traceback = page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]');
  await Promise.race([
    root.waitFor({ state: "visible" }),
    traceback.first().waitFor({ state: "visible" }).then(async () => {
      const text = (await traceback.first().innerText()).trim().split("\n").slice(-3).join(" | ");
      throw new Error(`a notebook cell failed: ${text}`);
    }),
  ]);
  const input = root.locator(".widget-textarea textarea, .widget-text input[type=text]").first();
  const send = root.locator("button", { hasText: /send/i }).first();
  await input.waitFor({ state: "visible" });
  await send.waitFor({ state: "visible" });
  // The watermark gauge: the progress bar whose label is --gauge ("context" in ChatWidget).
  const gauge = root
    .locator(".widget-hprogress, .widget-vprogress")
    .filter({ has: page.locator(".widget-label", { hasText: exactly(opts.gauge) }) })
    .first();
  await gauge.waitFor({ state: "visible" }).catch(() => {
    throw new Error(`the widget shows no progress bar labelled "${opts.gauge}"`);
  });
  const gaugeBefore = await fraction(gauge);
  log(`widget rendered after ${ms(started)}; gauge at ${pct(gaugeBefore)}`);

  step = "type and send";
  await input.fill(opts.message);
  const sentAt = Date.now();
  await send.click();

  step = "streamed reply";
  // Poll the widget's text: a reply that has begun but not ended proves it streamed in pieces.
  let partial = null;
  let whole = false;
  while (Date.now() - sentAt < STEP_MS) {
    const text = await root.innerText();
    if (text.includes(REPLY_START) && text.includes(REPLY_END)) {
      whole = true;
      break;
    }
    if (text.includes(REPLY_START) && partial === null) partial = ms(sentAt);
    await page.waitForTimeout(25);
  }
  if (!whole) throw new Error(`no complete reply in the history ${STEP_MS / 1000} s after Send`);
  if (partial === null) throw new Error("the reply appeared whole: no partial (streamed) state was seen");
  const text = await root.innerText();
  if (!text.includes(opts.message)) throw new Error("the history does not show the sent message");
  log(`first partial reply after ${partial}, whole reply after ${ms(sentAt)}`);

  step = "gauge moved";
  // The panel refreshes right after the stream ends; allow it a moment.
  let gaugeAfter = await fraction(gauge);
  const deadline = Date.now() + 10_000;
  while (gaugeAfter <= gaugeBefore && Date.now() < deadline) {
    await page.waitForTimeout(100);
    gaugeAfter = await fraction(gauge);
  }
  if (gaugeAfter <= gaugeBefore) {
    throw new Error(`the gauge did not move: ${pct(gaugeBefore)} before Send, ${pct(gaugeAfter)} after`);
  }
  log(`gauge moved from ${pct(gaugeBefore)} to ${pct(gaugeAfter)}`);

  step = "screenshot";
  await page.mouse.move(0, 0); // no hover highlight in the picture
  mkdirSync(dirname(opts.screenshot), { recursive: true });
  await root.screenshot({ path: opts.screenshot, animations: "disabled" });
  log(`screenshot saved to ${opts.screenshot}`);
  if (errors.length) log(`page errors seen (not fatal): ${errors.slice(0, 3).join(" | ")}`);
}

// The bar's filled fraction, read from the DOM the ipywidgets 8 front end draws: it sets the
// inner bar's width (horizontal) or height (vertical) to the value's percentage.
async function fraction(progress) {
  return progress.evaluate((bar) => {
    const fill = bar.querySelector(".progress-bar");
    if (!fill) return 0;
    const size = bar.classList.contains("widget-vprogress") ? fill.style.height : fill.style.width;
    return (parseFloat(size) || 0) / 100;
  });
}

function exactly(text) {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`);
}

function pct(value) {
  return `${(value * 100).toFixed(1)}%`;
}

function ms(since) {
  return `${((Date.now() - since) / 1000).toFixed(2)} s`;
}
