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
  it('every export is used by an app (or a journey or benchmark), or through its inferred type', () => {
    const files = sources(SRC).filter((file) => !file.endsWith('.test.ts'));
    const exportsOf = (file: string) =>
      [...readFileSync(file, 'utf8').matchAll(/^export (?:const|function|type|interface|class) (\w+)/gm)].map(
        (match) => match[1]!,
      );
    const exported = files.flatMap(exportsOf);
    // A building block of the contract's own schemas (the console's paging query, extended by each list's) is
    // used where another contract file builds on it.
    const buildsOn = (name: string) =>
      files.some(
        (file) =>
          !exportsOf(file).includes(name) && new RegExp(`\\b${name}\\b`).test(readFileSync(file, 'utf8')),
      );
    const used = CONSUMERS.flatMap((dir) => sources(join(REPO, dir)))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const isUsed = (name: string) => new RegExp(`\\b${name}\\b`).test(used);
    // A schema is used through the type inferred from it, too (`streamDone` through `StreamDone`): the SSE
    // events' schemas document their wire shape, and code only ever names their types.
    const inferred = (name: string) => name[0]!.toUpperCase() + name.slice(1);
    const unused = exported.filter(
      (name) =>
        !isUsed(name) && !buildsOn(name) && !(exported.includes(inferred(name)) && isUsed(inferred(name))),
    );
    expect(exported.length).toBeGreaterThan(50);
    expect(unused).toEqual([]);
  });
});
