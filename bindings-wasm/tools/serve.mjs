// A static file server for the page and the browser tests (localhost only).
//
//   node tools/serve.mjs [--port 8765]     serves http://127.0.0.1:8765/ -> the page
//
// URL layout: /www/ the page, /pkg/ the built package, /tests/ the browser test modules (the
// folders of bindings-wasm/), /js-tests/ the test modules both npm packages share
// (bindings-js/test/). `/` redirects to /www/.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MOUNTS = {
  www: join(root, 'www'),
  pkg: join(root, 'pkg'),
  tests: join(root, 'tests'),
  'js-tests': join(root, '..', 'bindings-js', 'test'),
};
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ts': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
};

/** Starts the server; resolves to `{ server, url }` once it listens. */
export function serve({ port = 0, host = '127.0.0.1', quiet = true } = {}) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path === '/' || path === '/www') {
      res.writeHead(302, { location: '/www/' });
      return res.end();
    }
    const rel = normalize(path.endsWith('/') ? `${path}index.html` : path).replace(/^[/\\]+/, '');
    const [top, ...rest] = rel.split(sep);
    if (req.method !== 'GET' || !Object.hasOwn(MOUNTS, top) || rest.includes('..')) {
      res.writeHead(404).end('not found');
      return;
    }
    try {
      const body = await readFile(join(MOUNTS[top], ...rest));
      res.writeHead(200, {
        'content-type': TYPES[extname(rel)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      });
      res.end(body);
      if (!quiet) console.log(`200 ${path}`);
    } catch {
      res.writeHead(404).end('not found');
      if (!quiet) console.log(`404 ${path}`);
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      resolve({ server, url: `http://${host}:${actual}` });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--port');
  const port = i > 0 ? Number(process.argv[i + 1]) : 8765;
  const { url } = await serve({ port, quiet: false });
  console.log(`polyid-wasm page: ${url}/www/  (serving ${root}; Ctrl-C to stop)`);
}
