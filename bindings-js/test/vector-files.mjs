// Reading the shared vector files in Node (the browser gets them from Node through the test
// page): the one reader of the npm packages' tests and matrix adapters.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** tests/vectors/ of the repository. */
export const VECTORS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'tests', 'vectors');

/** The parsed `DIR/*.json` vector files, `{file name: document}`. */
export function readVectors(dir = VECTORS_DIR) {
  const files = {};
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    files[f] = JSON.parse(readFileSync(join(dir, f), 'utf8'));
  }
  return files;
}
