// The polyid page: every value shown comes from polyid-wasm (the web build); this script only
// reads the inputs, calls the library and writes what it returned into the page.
import init, * as polyid from '../pkg/web/index.js';

const $ = (id) => document.getElementById(id);

/** Text with the character at `index` (counted in characters) marked. */
function markAt(text, index) {
  const chars = Array.from(text);
  const span = document.createElement('span');
  span.className = 'where';
  span.append(chars.slice(0, index).join(''));
  const mark = document.createElement('mark');
  mark.textContent = chars[index] ?? ' ';
  span.append(mark, chars.slice(index + 1).join(''));
  return span;
}

/** Shows a thrown polyid error: its code, its message and, where known, the spot. */
function showError(box, error, input, prefix = '') {
  box.replaceChildren();
  if (prefix) box.append(`${prefix}: `);
  const code = document.createElement('span');
  code.className = 'code';
  code.textContent = error.code ?? error.name;
  box.append(code, ` — ${error.message}`);
  if (input !== undefined && typeof error.index === 'number') box.append(markAt(input, error.index));
  box.hidden = false;
}

function hide(...els) {
  for (const el of els) el.hidden = true;
}

// ---------------------------------------------------------------------------------------------
// WDP

function updateWdp() {
  const code = $('code').value;
  const namespace = $('namespace').value;
  const outputs = ['compact', 'normalized', 'severity', 'full-id'];
  for (const id of outputs) $(id).value = '';
  hide($('wdp-error'));
  $('code').removeAttribute('aria-invalid');
  $('namespace').removeAttribute('aria-invalid');
  if (code.trim() === '') return;
  try {
    const parsed = polyid.parseCode(code);
    $('compact').value = polyid.compactId(code);
    $('normalized').value = parsed.normalized;
    $('severity').value = `${parsed.severity} · ${parsed.meaning} · priority ${parsed.priority}${parsed.blocking ? ' · blocking' : ''}`;
  } catch (e) {
    $('code').setAttribute('aria-invalid', 'true');
    showError($('wdp-error'), e, code);
    return;
  }
  if (namespace !== '') {
    try {
      $('full-id').value = polyid.fullId(namespace, code);
    } catch (e) {
      $('namespace').setAttribute('aria-invalid', 'true');
      showError($('wdp-error'), e, namespace, 'namespace');
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Generate

function generate(kind) {
  hide($('gen-error'));
  try {
    let id;
    if (kind === 'xid') id = polyid.Xid.generate();
    if (kind === 'tid') id = polyid.Tid.generate();
    if (kind === 'euid') {
      const ext = $('euid-ext').value.trim();
      id = polyid.Euid.generate(ext === '' ? null : Number(ext));
    }
    $(`${kind}-out`).value = kind === 'tid' ? id.display() : id.toString();
  } catch (e) {
    showError($('gen-error'), e);
  }
}

// ---------------------------------------------------------------------------------------------
// Decode

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const time = (date) => `${date.toISOString()} (${date.toLocaleString()})`;

/** The families a pasted text may belong to, each with the library call that reads it. */
const FAMILIES = [
  {
    name: 'TID',
    read: (s) => polyid.Tid.parse(s),
    fields: (t) => [
      ['Text', t.toString()],
      ['Display form', t.display()],
      ['Timestamp', time(t.toDate())],
      ['Microseconds', String(t.micros)],
      ['Clock id', String(t.clockId)],
      ['Value', String(t.value)],
    ],
  },
  {
    name: 'xid',
    read: (s) => polyid.Xid.parse(s),
    fields: (x) => [
      ['Text', x.toString()],
      ['Timestamp', time(x.toDate())],
      ['Unix ms', String(x.unixMs)],
      ['Random bits (22)', `${x.random} (0x${x.random.toString(16)})`],
      ['Value', String(x.value)],
    ],
  },
  {
    name: 'EUID',
    read: (s) => polyid.Euid.parse(s),
    fields: (e) => [
      ['Text', e.toString()],
      ['Timestamp', time(e.toDate())],
      ['Extension', e.extension === null ? 'none' : String(e.extension)],
      ['Random bits (low 64)', `0x${hex(e.bytes.slice(8))}`],
      ['Padding bits', String(e.padding)],
      ['Check value', String(e.checkmod)],
      ['Bytes', hex(e.bytes)],
      ['Value', String(e.value)],
    ],
  },
  {
    name: 'WDP full ID',
    read: (s) => polyid.parseFullId(s),
    fields: (f) => [
      ['Namespace hash', f.namespaceHash],
      ['Compact ID', f.compactId],
    ],
  },
  {
    name: 'WDP code',
    read: (s) => polyid.parseCode(s),
    fields: (c) => [
      ['Normalized', c.normalized],
      ['Compact ID', c.compactId],
      ['Severity', `${c.severity} · ${c.meaning} · priority ${c.priority}${c.blocking ? ' · blocking' : ''}`],
    ],
  },
];

/** Errors that only say "this is not that family's shape" (wrong length, not four fields). */
const SHAPE = new Set(['INVALID_LENGTH', 'INVALID_FORMAT']);

function decode() {
  const input = $('id-input').value.trim();
  const out = $('decoded');
  const box = $('decode-error');
  hide(out, box);
  out.replaceChildren();
  if (input === '') return;

  const failures = [];
  for (const family of FAMILIES) {
    let value;
    try {
      value = family.read(input);
    } catch (e) {
      failures.push({ family, error: e });
      continue;
    }
    const rows = [['Family', family.name], ...family.fields(value)];
    for (const [label, text] of rows) {
      const dt = document.createElement('dt');
      dt.textContent = label;
      const dd = document.createElement('dd');
      dd.dataset.field = label;
      if (label === 'Family') {
        const tag = document.createElement('span');
        tag.className = 'family';
        tag.textContent = text;
        dd.append(tag);
      } else {
        dd.textContent = text;
        dd.className = 'id';
      }
      out.append(dt, dd);
    }
    out.hidden = false;
    return;
  }

  // Nothing read it: show the errors of the families whose shape matched (a bad character,
  // a bad check value, a timestamp out of range...), else why it fits none.
  const close = failures.filter((f) => !SHAPE.has(f.error.code));
  box.replaceChildren();
  if (close.length > 0) {
    const { family, error } = close[0];
    showError(box, error, input, `Not a valid ${family.name}`);
    return;
  }
  box.append(`Not an ID polyid knows (a 5-character compact ID is a hash and cannot be decoded):`);
  const list = document.createElement('ul');
  for (const { family, error } of failures) {
    const li = document.createElement('li');
    li.textContent = `${family.name}: ${error.message}`;
    list.append(li);
  }
  box.append(list);
  box.hidden = false;
}

// ---------------------------------------------------------------------------------------------
// EXTUUID and catalogs: the package's other entries, each its own module, loaded on first use

const loaded = {};

/** The entry `name` (`extuuid` or `catalog`), imported and initialized once. */
function entry(name) {
  loaded[name] ??= (async () => {
    const status = $('extras-status');
    status.textContent = `loading ${name}…`;
    const mod = await import(`../pkg/web/${name}.js`);
    await mod.default();
    const names = Object.keys(loaded).filter((n) => n !== name);
    status.textContent = `loaded: ${[name, ...names].sort().join(', ')}`;
    status.className = 'status ready';
    return mod;
  })();
  return loaded[name];
}

/** A field value as text: bigints and numbers as written, lists comma-separated. */
const fieldText = (v) => (Array.isArray(v) ? v.map(String).join(', ') : String(v));

async function inspectExtuuid() {
  const input = $('ext-input').value.trim();
  const out = $('ext-result');
  hide(out, $('ext-error'));
  $('ext-input').removeAttribute('aria-invalid');
  if (input === '') return;
  const ext = await entry('extuuid');
  if ($('ext-input').value.trim() !== input) return; // typed on meanwhile
  let r;
  try {
    r = ext.extuuidInspect(input);
  } catch (e) {
    $('ext-input').setAttribute('aria-invalid', 'true');
    showError($('ext-error'), e, input);
    return;
  }
  out.replaceChildren();
  for (const [label, value] of Object.entries(r)) {
    const dt = document.createElement('dt');
    dt.textContent = label;
    const dd = document.createElement('dd');
    dd.dataset.field = label;
    dd.className = 'id';
    dd.textContent = `${fieldText(value)}${typeof value === 'bigint' ? ' (bigint)' : ''}`;
    out.append(dt, dd);
  }
  out.hidden = false;
}

async function expandCatalog() {
  for (const id of ['cat-message', 'cat-code', 'cat-severity', 'cat-ids']) $(id).value = '';
  hide($('cat-error'));
  for (const id of ['cat-json', 'cat-id', 'cat-fields']) $(id).removeAttribute('aria-invalid');
  const { Catalog } = await entry('catalog');
  let catalog;
  try {
    catalog = Catalog.load($('cat-json').value);
  } catch (e) {
    $('cat-json').setAttribute('aria-invalid', 'true');
    showError($('cat-error'), e, undefined, 'catalog');
    return;
  }
  try {
    $('cat-ids').value = `${catalog.size} ${catalog.size === 1 ? 'entry' : 'entries'}: ${catalog.ids().join(' ')}`;
    let fields;
    const text = $('cat-fields').value.trim();
    try {
      fields = text === '' ? undefined : JSON.parse(text);
    } catch (e) {
      $('cat-fields').setAttribute('aria-invalid', 'true');
      showError($('cat-error'), { code: 'JSON', message: e.message }, undefined, 'fields');
      return;
    }
    try {
      const x = catalog.expand($('cat-id').value.trim(), fields);
      $('cat-message').value = x.message;
      $('cat-code').value = x.code;
      $('cat-severity').value = x.severity;
    } catch (e) {
      $('cat-id').setAttribute('aria-invalid', 'true');
      showError($('cat-error'), e, undefined, 'expand');
    }
  } finally {
    catalog.free();
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  try {
    await init();
  } catch (e) {
    $('status').textContent = `failed to load the WebAssembly module: ${e.message}`;
    $('status').className = 'status failed';
    throw e;
  }
  const entry = performance.getEntriesByType('resource').find((r) => r.name.endsWith('polyid_wasm_bg.wasm'));
  $('wasm-size').textContent = entry?.decodedBodySize
    ? `${(entry.decodedBodySize / 1024).toFixed(1)} KB of wasm`
    : 'wasm';

  $('code').addEventListener('input', updateWdp);
  $('namespace').addEventListener('input', updateWdp);
  for (const kind of ['xid', 'tid', 'euid']) {
    $(`gen-${kind}`).addEventListener('click', () => generate(kind));
    $(`${kind}-out`).addEventListener('click', () => {
      $('id-input').value = $(`${kind}-out`).value;
      decode();
    });
  }
  $('id-input').addEventListener('input', decode);
  $('ext-input').addEventListener('input', inspectExtuuid);
  for (const id of ['cat-json', 'cat-id', 'cat-fields']) $(id).addEventListener('input', expandCatalog);

  $('code').value = 'E.Auth.Token.MISSING';
  $('namespace').value = 'auth_lib';
  updateWdp();
  $('status').textContent = 'ready';
  $('status').className = 'status ready';
  document.body.dataset.ready = 'true';
}

main();
