// The page (bindings-wasm/www) driven in headless Debian Chromium: type a code and read its
// compact ID from the DOM, generate each ID kind, decode pasted IDs, see clear errors. Expected
// values come from docs/spec; generated IDs are checked by reading them back with the Node build.
// A screenshot is saved as bindings-wasm/build/page.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { nodeBuild, WASM_DIR, withBrowser } from './helpers.mjs';

const p = nodeBuild();
const shot = join(WASM_DIR, 'build', 'page.png');
const results = {};

/** The decoded fields shown for the text in the decode box, `{label: text}`. */
async function decoded(page, text) {
  await page.fill('#id-input', text);
  return page.$$eval('#decoded dd', (dds) => Object.fromEntries(dds.map((d) => [d.dataset.field, d.textContent])));
}

await withBrowser('/www/', async (page) => {
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
  const r = results;
  r.log = page.polyidLog;

  // WDP: docs/spec §1.2/§1.3 vectors.
  await page.fill('#namespace', '');
  await page.fill('#code', 'E.Auth.Token.001');
  r.compact = await page.textContent('#compact');
  r.normalized = await page.textContent('#normalized');
  await page.fill('#namespace', 'auth_lib');
  r.fullId = await page.textContent('#full-id');
  await page.fill('#code', 'B.API.RATELIMIT.007');
  r.compactPadded = await page.textContent('#compact');
  await page.fill('#code', 'Q.Auth.Token.001');
  r.wdpError = await page.textContent('#wdp-error');
  r.wdpErrorHidden = await page.$eval('#wdp-error', (e) => e.hidden);
  await page.fill('#code', 'E.Auth.Token.MISSING');

  // Generate each kind and read what the page shows.
  for (const kind of ['xid', 'tid', 'euid']) {
    if (kind === 'euid') await page.fill('#euid-ext', '255');
    await page.click(`#gen-${kind}`);
    r[kind] = await page.textContent(`#${kind}-out`);
  }
  await page.fill('#euid-ext', '40000');
  await page.click('#gen-euid');
  r.extError = await page.textContent('#gen-error');
  await page.fill('#euid-ext', '');
  await page.click('#gen-euid');
  r.extErrorCleared = await page.$eval('#gen-error', (e) => e.hidden);
  r.euidNoExt = await page.textContent('#euid-out');

  // Clicking a generated TID decodes it.
  await page.click('#tid-out');
  r.clickedTid = await page.$$eval('#decoded dd', (dds) => Object.fromEntries(dds.map((d) => [d.dataset.field, d.textContent])));

  // Decode pasted IDs (docs/spec §2-§4).
  r.tid = [r.tid, await decoded(page, '3kxn-lhr-3gxq-23')];
  r.xidDecoded = await decoded(page, '1113M2EhCbG');
  r.euidDecoded = await decoded(page, '1HF7YAT0007ZG0938NKRKAYDXXB');
  r.fullDecoded = await decoded(page, '05o5h-V6a0B');
  await page.fill('#id-input', '3KXNLHR3GXQ23');
  r.badTid = await page.textContent('#decode-error');
  r.badTidMark = await page.textContent('#decode-error mark');
  await page.fill('#id-input', 'C8ZM14GR4JXG0MQXVY18S8TJNA7');
  r.badEuid = await page.textContent('#decode-error');
  await page.fill('#id-input', 'hello');
  r.unknown = await page.textContent('#decode-error');

  // EXTUUID and a catalog, from the entries the page loads on first use (values:
  // tests/matrix/PROTOCOL.md demo row; docs/spec §1 for E.AUTH.TOKEN.002 -> 35Jkp).
  r.extrasBefore = await page.textContent('#extras-status');
  await page.fill('#ext-input', 'fixedB4:GBP$:222.31');
  await page.waitForSelector('#ext-result:not([hidden])', { timeout: 20000 });
  r.extuuid = await page.$$eval('#ext-result dd', (dds) => Object.fromEntries(dds.map((d) => [d.dataset.field, d.textContent])));
  await page.fill('#ext-input', 'quant:1*furlong');
  await page.waitForSelector('#ext-error:not([hidden])');
  r.extuuidError = await page.textContent('#ext-error');
  await page.fill('#cat-fields', '{"user": "ada"}');
  await page.waitForFunction(() => document.querySelector('#cat-message').value !== '', null, { timeout: 20000 });
  r.catalog = {
    message: await page.textContent('#cat-message'),
    code: await page.textContent('#cat-code'),
    severity: await page.textContent('#cat-severity'),
    ids: await page.textContent('#cat-ids'),
  };
  await page.fill('#cat-id', '35Jkp');
  await page.waitForSelector('#cat-error:not([hidden])');
  r.catalogError = await page.textContent('#cat-error');
  await page.fill('#cat-id', 'V6a0B');
  await page.waitForFunction(() => document.querySelector('#cat-message').value !== '');
  r.extrasAfter = await page.textContent('#extras-status');
  r.modules = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => e.name.split('/').pop()).filter((n) => n.endsWith('.wasm')),
  );
  await page.fill('#ext-input', 'fixedB4:GBP$:222.31');
  await page.waitForSelector('#ext-result:not([hidden])');

  // The screenshot shows a decoded TID.
  await decoded(page, '3kxn-lhr-3gxq-23');
  mkdirSync(join(WASM_DIR, 'build'), { recursive: true });
  await page.screenshot({ path: shot, fullPage: true });
});

test('page: loads the web build without errors', () => {
  assert.deepEqual(results.log.filter((l) => /^(error|pageerror)/.test(l)), []);
});

test('page: typing a code shows its compact ID, normalized form and full ID', () => {
  assert.equal(results.compact, 'V6a0B');
  assert.equal(results.normalized, 'E.AUTH.TOKEN.001');
  assert.equal(results.fullId, '05o5h-V6a0B');
  assert.equal(results.compactPadded, '00BVL');
});

test('page: a bad code shows its error code and message', () => {
  assert.equal(results.wdpErrorHidden, false);
  assert.match(results.wdpError, /INVALID_SEVERITY/);
  assert.match(results.wdpError, /WDP severity/);
});

test('page: generates an xid for the current time', () => {
  const x = p.Xid.parse(results.xid);
  assert.ok(Math.abs(x.unixMs - Date.now()) < 120_000, `${results.xid} is not from now`);
});

test('page: generates a TID for the current time (display form)', () => {
  const [shown] = results.tid;
  assert.match(shown, /^[2-7a-z]{4}-[2-7a-z]{3}-[2-7a-z]{4}-[2-7a-z]{2}$/);
  const t = p.Tid.parse(shown);
  assert.ok(Math.abs(Number(t.micros / 1000n) - Date.now()) < 120_000);
  assert.ok(t.clockId >= 0 && t.clockId < 32, 'random clock id is 0-31');
  assert.equal(results.clickedTid.Family, 'TID');
  assert.equal(results.clickedTid['Display form'], shown);
});

test('page: generates an EUID with an extension, and explains a bad extension', () => {
  const e = p.Euid.parse(results.euid);
  assert.equal(e.extension, 255);
  assert.ok(Math.abs(e.unixMs - Date.now()) < 120_000);
  assert.match(results.extError, /^OUT_OF_RANGE — EUID extension: 40000 is out of range 0\.\.=32767$/);
  assert.equal(results.extErrorCleared, true);
  assert.equal(p.Euid.parse(results.euidNoExt).extension, null);
});

test('page: decodes a pasted TID (family, date, clock id, micros)', () => {
  const d = results.tid[1];
  assert.equal(d.Family, 'TID');
  assert.equal(d.Text, '3kxnlhr3gxq23');
  assert.match(d.Timestamp, /^2024-07-19T16:40:46\.480Z/);
  assert.equal(d.Microseconds, '1721407246480310');
  assert.equal(d['Clock id'], '1');
});

test('page: decodes a pasted xid and EUID and full ID', () => {
  assert.equal(results.xidDecoded.Family, 'xid');
  assert.equal(results.xidDecoded['Unix ms'], String(1321009871111 + 1234567));
  assert.match(results.xidDecoded['Random bits (22)'], /^4194303 /);
  assert.equal(results.euidDecoded.Family, 'EUID');
  assert.equal(results.euidDecoded.Extension, '255');
  assert.equal(results.euidDecoded['Random bits (low 64)'], '0x0123456789abcdef');
  assert.match(results.euidDecoded.Timestamp, /^2023-11-14T22:13:20\.000Z/);
  assert.equal(results.fullDecoded['Namespace hash'], '05o5h');
  assert.equal(results.fullDecoded['Compact ID'], 'V6a0B');
});

test('page: bad input gets a clear error (code, message, marked character)', () => {
  assert.match(results.badTid, /Not a valid TID: INVALID_CHARACTER/);
  assert.match(results.badTid, /'K' at index 1/);
  assert.equal(results.badTidMark, 'K');
  assert.match(results.badEuid, /INVALID_CHECKMOD/);
  assert.match(results.badEuid, /check value 71 does not match the value \(expected 70\)/);
  assert.match(results.unknown, /Not an ID polyid knows/);
  assert.match(results.unknown, /xid: xid: expected 11 bytes, found 5/);
});

test('page: screenshot saved', async () => {
  const { statSync } = await import('node:fs');
  assert.ok(statSync(shot).size > 10_000, `${shot} is missing or empty`);
});

test('page: the EXTUUID and catalog entries load on first use and show their results', () => {
  const r = results;
  assert.equal(r.extrasBefore, 'not loaded');
  assert.equal(r.extuuid.uuid, '49083027-d200-8000-8000-00000021ebfc');
  assert.equal(r.extuuid.text, 'extuuid:fixedB4:GBP$:222.31');
  assert.equal(r.extuuid.kind, 'fixed');
  assert.equal(r.extuuid.amount, '2223100 (bigint)');
  assert.equal(r.extuuid.places, '4 (bigint)');
  assert.match(r.extuuidError, /^INVALID_UNIT — /);
  assert.deepEqual(r.catalog, {
    message: 'token missing for ada',
    code: 'E.AUTH.TOKEN.001',
    severity: 'E',
    ids: '1 entry: V6a0B',
  });
  assert.match(r.catalogError, /^expand: NOT_FOUND — /);
  assert.equal(r.extrasAfter, 'loaded: catalog, extuuid');
  assert.deepEqual([...r.modules].sort(), ['polyid_catalog_bg.wasm', 'polyid_extuuid_bg.wasm', 'polyid_wasm_bg.wasm']);
});
