import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const SRC = fileURLToPath(new URL('./', import.meta.url));
/** Where the contract is used: the two apps, and the journeys and benchmarks that speak to the server. */
const CONSUMERS = ['apps/server/src', 'apps/web/src', 'e2e', 'bench'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('contract exports', () => {
  it('every export is used by an app (or a journey or benchmark): an unused one is removed, not kept', () => {
    const exported = sources(SRC)
      .filter((file) => !file.endsWith('.test.ts'))
      .flatMap((file) => [
        ...readFileSync(file, 'utf8').matchAll(/^export (?:const|function|type|interface|class) (\w+)/gm),
      ])
      .map((match) => match[1]!);
    const used = CONSUMERS.flatMap((dir) => sources(join(REPO, dir)))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unused = exported.filter((name) => !new RegExp(`\\b${name}\\b`).test(used));
    expect(exported.length).toBeGreaterThan(50);
    expect(unused).toEqual([]);
  });
});
