/**
 * npx tsx bench/profile-summary.ts <file.cpuprofile> [top]: self time of a V8 CPU profile (node --cpu-prof, or
 * BENCH_PROFILE=<dir> with bench:api) by package and by function, to see where a request's time goes.
 * docs/performance.md, Fast reads.
 */
import { readFileSync } from 'node:fs';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx bench/profile-summary.ts <file.cpuprofile> [top]');
  process.exit(1);
}
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

/** The package a frame's code belongs to: an npm package, our bundle, Node itself, or V8's own entries. */
function packageOf(url: string, name: string) {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  if (/dist\/main\.js$/.test(url)) return '(our server bundle)';
  return url.split('/').slice(-2).join('/');
}

const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const packages = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, us] of self) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const pkg = packageOf(url, functionName);
  add(packages, pkg, us);
  add(functions, `${functionName || '(anonymous)'}  ${pkg}:${lineNumber + 1}`, us);
}

const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(
      `  ${((us / total) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`,
    );
};
console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`);
print('self time by package', packages);
print('self time by function', functions);
