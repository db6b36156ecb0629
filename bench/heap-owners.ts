/*
 * node --import tsx bench/heap-owners.ts <file.heapsnapshot> [--pages N] [--top 40]: where a heap snapshot's
 * bytes are, by owner. Each object's own size is counted under its kind (an object by its constructor's name; a
 * string, array, closure, code or engine-internal object by the kind of what first holds it and the name of the
 * property it is held by, `Doc.title`, `Context.text`), and the groups are printed largest first, with bytes a page
 * when `--pages` is given. A snapshot of a large build is over V8's longest string, so the file is read as bytes and
 * its number arrays scanned without `JSON.parse`.
 */
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) throw new Error('usage: heap-owners.ts <file.heapsnapshot> [--pages N] [--top 40]');
const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > -1 ? process.argv[at + 1] : undefined;
};
const pages = Number(arg('--pages') ?? 0);
const top = Number(arg('--top') ?? 40);
const bytes = readFileSync(file);

/** Where `"name":` starts its value, from `from` on. */
function valueAt(name: string, from = 0): number {
  const at = bytes.indexOf(`"${name}":`, from);
  if (at < 0) throw new Error(`${file} has no ${name}`);
  return at + name.length + 3;
}

/** The numbers of the JSON array that starts at `start` (its `[`). */
function numbersAt(start: number, count: number): Float64Array {
  const out = new Float64Array(count);
  let n = 0;
  let value = 0;
  let inNumber = false;
  for (let i = start + 1; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      inNumber = true;
    } else {
      if (inNumber) {
        out[n++] = value;
        value = 0;
        inNumber = false;
      }
      if (c === 93) break;
    }
  }
  return out.subarray(0, n);
}

/** The JSON value that starts at `start` and ends before the next top-level key (`meta`, `strings`). */
function jsonAt(start: number, end: number): unknown {
  return JSON.parse(bytes.subarray(start, end).toString('utf8'));
}

const snapshotStart = valueAt('snapshot');
const nodesKey = valueAt('nodes', snapshotStart);
const snapshot = jsonAt(snapshotStart, bytes.lastIndexOf('}', nodesKey) + 1) as {
  meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] };
  node_count: number;
  edge_count: number;
};
const { meta } = snapshot;
const nodeFields = meta.node_fields.length;
const edgeFields = meta.edge_fields.length;
const nodes = numbersAt(nodesKey, snapshot.node_count * nodeFields);
const edgesKey = valueAt('edges', nodesKey);
const edges = numbersAt(edgesKey, snapshot.edge_count * edgeFields);
// Strings: the array is last but for a few small ones; its items are parsed one by one.
const stringsKey = valueAt('strings', edgesKey);
const strings: string[] = [];
{
  let i = stringsKey + 1;
  while (bytes[i] !== 93) {
    while (bytes[i] !== 34) i++;
    let j = i + 1;
    while (bytes[j] !== 34) j += bytes[j] === 92 ? 2 : 1;
    strings.push(JSON.parse(bytes.subarray(i, j + 1).toString('utf8')) as string);
    i = j + 1;
    while (bytes[i] === 44 || bytes[i] === 10 || bytes[i] === 32) i++;
  }
}
const field = (name: string) => meta.node_fields.indexOf(name);
const [nType, nName, nSize, nEdges] = [field('type'), field('name'), field('self_size'), field('edge_count')];
const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f)) as [
  number,
  number,
  number,
];
const nodeTypes = meta.node_types[0];
const edgeTypes = meta.edge_types[0];
const count = nodes.length / nodeFields;
const firstHolder = new Int32Array(count).fill(-1);
const firstEdge = new Int32Array(count).fill(-1);
{
  let e = 0;
  for (let n = 0; n < count; n++) {
    const edgeCount = nodes[n * nodeFields + nEdges]!;
    for (let k = 0; k < edgeCount; k++, e += edgeFields) {
      const kind = edgeTypes[edges[e + eType]!];
      if (kind === 'weak' || kind === 'shortcut') continue;
      const to = edges[e + eTo]! / nodeFields;
      if (firstHolder[to] === -1) {
        firstHolder[to] = n;
        firstEdge[to] = e;
      }
    }
  }
}
const typeOf = (n: number) => nodeTypes[nodes[n * nodeFields + nType]!]!;
const nameOf = (n: number) => strings[nodes[n * nodeFields + nName]!]!;
const kindOf = (n: number) => {
  const type = typeOf(n);
  return type === 'object' || type === 'native' ? nameOf(n).slice(0, 60) : `(${type})`;
};
/** The name of the edge that first holds `n` (`[]` for an element). */
const edgeNameOf = (n: number) => {
  const e = firstEdge[n]!;
  const kind = edgeTypes[edges[e + eType]!];
  return kind === 'element' || kind === 'hidden' ? '[]' : strings[edges[e + eName]!];
};
const groups = new Map<string, { size: number; count: number }>();
let total = 0;
for (let n = 0; n < count; n++) {
  const size = nodes[n * nodeFields + nSize]!;
  total += size;
  const type = typeOf(n);
  let key = kindOf(n);
  if (type !== 'object' && type !== 'native') {
    const holder = firstHolder[n]!;
    if (holder >= 0) {
      key = `${key} ← ${kindOf(holder)}.${edgeNameOf(n)}`;
      // A string kept by a slice of it: who keeps the slice says who keeps the string.
      const next = firstHolder[holder]!;
      if (typeOf(holder) === 'sliced string' && next >= 0) key += ` ← ${kindOf(next)}.${edgeNameOf(holder)}`;
    }
  }
  const group = groups.get(key) ?? { size: 0, count: 0 };
  group.size += size;
  group.count++;
  groups.set(key, group);
}
const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;
console.log(`${file}: ${count} objects, ${mb(total)}${pages ? `, ${Math.round(total / pages)} B a page` : ''}`);
for (const [key, group] of [...groups].sort((a, b) => b[1].size - a[1].size).slice(0, top)) {
  const perPage = pages ? `${String(Math.round(group.size / pages)).padStart(7)} B/page` : '';
  console.log(`${mb(group.size).padStart(10)} ${perPage} ${String(group.count).padStart(9)}  ${key}`);
}
