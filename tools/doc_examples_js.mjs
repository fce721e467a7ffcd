// The JavaScript side of tools/doc_examples.py: instruments the documentation's js, ts and
// html examples (the `// -> VALUE` convention, see tools/doc_examples.py) with the
// TypeScript parser of bindings-node's dev dependencies, and runs each in its runtime:
// node-cjs, node-esm (Node, cwd target/doc-examples/work), ts (tsc --noEmit, strict, then run
// as ESM) and browser (headless Chromium, the web build of polyid-wasm through an import map).
// Prints one JSON line per example: {id, ok, message, checks}.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { isLiteralText } from './doc_examples_check.mjs';
import { ERROR_HOOK, loadPage } from './headless_chromium.mjs';

const TOOLS = dirname(fileURLToPath(import.meta.url));
const ROOT = join(TOOLS, '..');
const WORK = join(ROOT, 'target', 'doc-examples', 'work');
const TS_DIR = join(ROOT, 'bindings-node', 'node_modules', 'typescript');
const require = createRequire(import.meta.url);

let ts;
try {
  ts = require(TS_DIR);
} catch (e) {
  ts = null;
}

/** The text of the `//` comment of a line (outside quotes), or null. */
function commentOf(line) {
  let quote = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '/' && line[i + 1] === '/') return { text: line.slice(i + 2).trim(), col: i };
  }
  return null;
}

function balanced(text) {
  let depth = 0;
  let quote = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if ("'\"`".includes(c)) quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
  }
  return depth <= 0;
}

/** The longest start of `text` that is a JavaScript literal (the rest is prose), or null. */
function literalPrefix(text) {
  const t = text.trim();
  for (let end = t.length; end > 0; end--) {
    if (end < t.length && !' ,;:(='.includes(t[end])) continue;
    const head = t.slice(0, end).trim();
    if (isLiteralText(head)) return head;
  }
  return null;
}

/**
 * Instruments `code` (lines numbered from `firstLine` in the document): every expression
 * statement followed by `// -> VALUE` becomes `__doc.check(n, (expr))`. Returns
 * {code, expected, problems}.
 */
export function instrument(code, firstLine, kind = 'js') {
  const lines = code.split('\n');
  const ends = new Map(); // 0-based line where the statement ends -> {text, line}
  const problems = [];
  for (let i = 0; i < lines.length; i++) {
    const c = commentOf(lines[i]);
    if (!c) continue;
    const arrow = c.text.startsWith('->') || c.text.includes(' -> ');
    let text = arrow ? c.text.slice(c.text.indexOf('->') + 2).trim() : c.text;
    let j = i;
    if ('([{'.includes(text[0] ?? 'x')) {
      while (!balanced(text) && j + 1 < lines.length && lines[j + 1].trim().startsWith('//')) {
        j++;
        text += ' ' + lines[j].trim().slice(2).trim();
      }
    }
    if (!arrow) text = literalPrefix(text);
    if (text === null) continue;
    let owner = i;
    if (lines[i].trim().startsWith('//')) {
      owner = i - 1;
      while (owner >= 0 && (!lines[owner].trim() || lines[owner].trim().startsWith('//'))) owner--;
      if (owner < 0) continue;
    }
    if (!ends.has(owner)) ends.set(owner, { text, line: firstLine + i, arrow });
    i = j;
  }
  const sf = ts.createSourceFile(`x.${kind === 'ts' ? 'mts' : 'mjs'}`, code, ts.ScriptTarget.Latest, true,
    kind === 'ts' ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  const edits = [];
  const expected = {};
  let n = 0;
  const visit = (node) => {
    if (ts.isExpressionStatement(node)) {
      const endLine = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const e = ends.get(endLine);
      if (e) {
        ends.delete(endLine);
        n++;
        expected[n] = { text: e.text, line: e.line };
        edits.push([node.expression.getStart(sf), `__doc.check(${n}, (`]);
        edits.push([node.expression.getEnd(), '))']);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  for (const [line, e] of ends) if (e.arrow) problems.push(`line ${e.line}: \`-> ${e.text}\` does not follow an expression statement (line ${firstLine + line})`);
  edits.sort((a, b) => b[0] - a[0]);
  let out = code;
  for (const [pos, text] of edits) out = out.slice(0, pos) + text + out.slice(pos);
  return { code: out, expected, problems };
}

function runNode(file, expected) {
  const pre = join(WORK, '__doc_preload.mjs');
  writeFileSync(
    pre,
    `import * as d from ${JSON.stringify(pathToFileURL(join(TOOLS, 'doc_examples_check.mjs')).href)};\n` +
      `d.expect(JSON.parse(process.env.POLYID_DOC_EXPECTED));\nglobalThis.__doc = d;\n`,
  );
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(pre).href, file], {
    cwd: WORK,
    env: { ...process.env, POLYID_DOC_EXPECTED: JSON.stringify(expected) },
    encoding: 'utf8',
    timeout: 60000,
  });
  if (r.status === 0) return { ok: true, message: '' };
  const out = `${r.stdout}${r.stderr}`.trim().split('\n');
  const line = out.find((l) => /^\w*Error\b/.test(l)) ?? out.find((l) => /Error/.test(l)) ?? '';
  return { ok: false, message: `exit ${r.status}: ${line}\n${out.slice(0, 12).join('\n')}` };
}

function tsCheck(file) {
  const dir = dirname(file);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: ['node'],
        typeRoots: [join(ROOT, 'bindings-node', 'node_modules', '@types')],
      },
      files: [file],
    }),
  );
  const r = spawnSync(process.execPath, [join(TS_DIR, 'bin', 'tsc'), '-p', join(dir, 'tsconfig.json')], {
    cwd: dir,
    encoding: 'utf8',
  });
  return r.status === 0 ? null : `tsc: ${(r.stdout + r.stderr).trim()}`;
}

/** The import map of the web build: every `exports` entry of pkg/package.json, by its
 * browser/import condition. */
function importMap() {
  const pkg = JSON.parse(readFileSync(join(WORK, 'node_modules', 'polyid-wasm', 'package.json'), 'utf8'));
  const imports = {};
  const pick = (v) => {
    if (typeof v === 'string') return v;
    for (const k of ['browser', 'import', 'default']) if (v[k]) return pick(v[k]);
    return null;
  };
  for (const [key, v] of Object.entries(pkg.exports ?? {})) {
    const target = pick(v);
    if (target && target.endsWith('.js')) imports[key.replace(/^\./, pkg.name)] = target.replace(/^\.\//, '/pkg/');
  }
  return { imports };
}

async function runBrowser(job, inst) {
  const pre =
    `<script type="module">import * as d from '/__doc.mjs'; d.expect(${JSON.stringify(inst.expected)}); ` +
    'globalThis.__doc = d;</script>';
  const head = `<!doctype html><meta charset="utf-8">${ERROR_HOOK}<script type="importmap">${JSON.stringify(importMap())}</script>${pre}`;
  const page =
    job.lang === 'html'
      ? head + inst.code.replace(/<\/script>(?![\s\S]*<\/script>)/, '\n__doc.done();</script>')
      : `${head}<script type="module">\n${inst.code}\n__doc.done();</script>`;
  const name = `${job.id}.html`;
  writeFileSync(join(WORK, name), page);
  const pkgDir = join(WORK, 'node_modules', 'polyid-wasm');
  const r = await loadPage((p) => {
    if (p === '/__doc.mjs') return join(TOOLS, 'doc_examples_check.mjs');
    if (p.startsWith('/pkg/')) return join(pkgDir, p.slice(5));
    if (p.includes('..')) return null;
    return join(WORK, p);
  }, `/${name}`);
  return { ok: !!r.ok, message: r.message ?? '' };
}

async function main() {
  const jobs = JSON.parse(readFileSync(process.argv[2], 'utf8'));
  mkdirSync(WORK, { recursive: true });
  for (const job of jobs) {
    let result;
    try {
      if (!ts) throw new Error(`no TypeScript at ${TS_DIR} (make node-build installs it)`);
      let code = job.code;
      let first = job.line + 1;
      let scriptOffset = 0;
      if (job.lang === 'html') {
        const m = /<script type="module">/.exec(code);
        if (!m) throw new Error('an html example needs a <script type="module">');
        scriptOffset = m.index + m[0].length;
        const end = code.indexOf('</script>', scriptOffset);
        const before = code.slice(0, scriptOffset);
        first += before.split('\n').length - 1;
        const inst = instrument(code.slice(scriptOffset, end), first);
        inst.code = before + inst.code + code.slice(end);
        result = inst.problems.length ? { ok: false, message: inst.problems.join('; ') } : await runBrowser(job, inst);
        result.checks = Object.keys(inst.expected).length;
      } else {
        const inst = instrument(code, first, job.lang);
        if (inst.problems.length) {
          result = { ok: false, message: inst.problems.join('; ') };
        } else if (job.runtime === 'browser') {
          result = await runBrowser(job, inst);
        } else if (job.runtime === 'ts') {
          const dir = join(WORK, `${job.id}-ts`);
          mkdirSync(dir, { recursive: true });
          const src = join(dir, 'example.mts');
          writeFileSync(src, code);
          const problem = tsCheck(src);
          if (problem) {
            result = { ok: false, message: problem };
          } else {
            const js = ts.transpileModule(inst.code, {
              compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
            }).outputText;
            const file = join(WORK, `${job.id}.mjs`);
            writeFileSync(file, `${js}\n__doc.done();\n`);
            result = runNode(file, inst.expected);
          }
        } else {
          const file = join(WORK, `${job.id}.${job.runtime === 'node-cjs' ? 'cjs' : 'mjs'}`);
          writeFileSync(file, `${inst.code}\n__doc.done();\n`);
          result = runNode(file, inst.expected);
        }
        result.checks = Object.keys(inst.expected).length;
      }
    } catch (e) {
      result = { ok: false, message: e.stack ?? String(e) };
    }
    console.log(JSON.stringify({ id: job.id, ...result }));
  }
}

await main();
