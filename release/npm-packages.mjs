// Lays out the npm packages of the Node binding from a folder of built addons, the way
// napi-rs projects publish: one package per platform holding that platform's addon, with
// os/cpu/libc fields so that npm installs only the matching one, and the main `polyid`
// package listing them all in optionalDependencies. The platform packages are scoped,
// `@polyid/<platform>` (loader.js platformPackage, which also finds them at run time).
//
//   node release/npm-packages.mjs ADDONS_DIR OUT_DIR
//
// ADDONS_DIR holds `polyid.<platform>.node` files (polyid.linux-x64-gnu.node, ...), and for a
// platform with SQL engine extensions a folder `<platform>/` with them (polyid_sqlite.so,
// polyid.duckdb_extension: the files sqlitePath() / duckdbPath() return); OUT_DIR
// receives polyid/ and polyid-<platform>/ folders (the packages polyid and @polyid/<platform>),
// ready for `npm pack` (which names a scoped package's tarball polyid-<platform>-<version>.tgz)
// or `npm publish`.
// `make dist` calls it with the Linux addons built here; the release workflow with every
// platform's.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const nodeDir = join(root, 'bindings-node');
const { PLATFORMS, platformPackage } = createRequire(import.meta.url)(join(nodeDir, 'loader.js'));
const [addons, out] = process.argv.slice(2);
if (!addons || !out) {
  console.error('usage: node release/npm-packages.mjs ADDONS_DIR OUT_DIR');
  process.exit(2);
}

const main = JSON.parse(readFileSync(join(nodeDir, 'package.json'), 'utf8'));
const { version, license, repository, homepage, bugs, engines } = main;
const LICENSES = ['LICENSE-MIT', 'LICENSE-APACHE'];
const json = (obj) => JSON.stringify(obj, null, 2) + '\n';

/** os / cpu / libc of a platform key such as linux-arm64-musl or win32-x64-msvc. */
function fields(key) {
  const [os, cpu, abi] = key.split('-');
  const f = { os: [os], cpu: [cpu] };
  if (os === 'linux') f.libc = [abi === 'musl' ? 'musl' : 'glibc'];
  return f;
}

const found = readdirSync(addons)
  .map((f) => /^polyid\.(.+)\.node$/.exec(f))
  .filter(Boolean)
  .map((m) => m[1])
  .sort();
const unknown = found.filter((k) => !PLATFORMS.includes(k));
if (unknown.length) throw new Error(`addons for platforms the loader does not know: ${unknown.join(', ')}`);
if (!found.length) throw new Error(`no polyid.<platform>.node in ${addons}`);

rmSync(out, { recursive: true, force: true });
for (const key of found) {
  const name = platformPackage(key);
  const dir = join(out, `polyid-${key}`);
  const binary = `polyid.${key}.node`;
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(addons, binary), join(dir, binary));
  const extensions = existsSync(join(addons, key)) ? readdirSync(join(addons, key)).sort() : [];
  for (const f of extensions) copyFileSync(join(addons, key, f), join(dir, f));
  for (const l of LICENSES) copyFileSync(join(root, l), join(dir, l));
  writeFileSync(
    join(dir, 'README.md'),
    `# ${name}\n\nThe native addon of [polyid](https://www.npmjs.com/package/polyid) for ${key}` +
      (extensions.length ? `, and its SQLite and DuckDB extensions (\`sqlitePath()\`, \`duckdbPath()\`)` : '') +
      '. Install `polyid`, not this package: npm picks the platform package that matches the machine.\n',
  );
  writeFileSync(
    join(dir, 'package.json'),
    json({
      name,
      version,
      description: `The ${key} native addon of polyid`,
      license,
      repository,
      homepage,
      bugs,
      ...fields(key),
      main: binary,
      files: [binary, ...extensions, ...LICENSES],
      engines,
      // Scoped packages are private by default on npm; these are public.
      publishConfig: { access: 'public' },
    }),
  );
}

const dir = join(out, 'polyid');
mkdirSync(dir, { recursive: true });
const files = ['index.js', 'index.mjs', 'index.d.ts', 'index.d.mts', 'loader.js', 'README.md'];
for (const f of files) copyFileSync(join(nodeDir, f), join(dir, f));
// PostgreSQL's pure-SQL tier, for every platform (postgresSqlPath()).
const PLPGSQL = 'polyid--plpgsql.sql';
copyFileSync(join(root, 'postgres', PLPGSQL), join(dir, PLPGSQL));
files.push(PLPGSQL);
for (const l of LICENSES) copyFileSync(join(root, l), join(dir, l));
const published = { ...main };
for (const dev of ['devDependencies', 'scripts', 'napi']) delete published[dev];
published.files = [...files.filter((f) => f !== 'README.md'), ...LICENSES];
published.optionalDependencies = Object.fromEntries(found.map((k) => [platformPackage(k), version]));
writeFileSync(join(dir, 'package.json'), json(published));
console.log(`npm-packages: polyid ${version} with ${found.map(platformPackage).join(', ')}`);
