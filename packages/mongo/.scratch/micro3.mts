import SortedBTree from 'sorted-btree';
const BTree: any = (SortedBTree as any).default ?? SortedBTree;
const N = 300000;
const rnd = Array.from({ length: N }, (_, i) => (i * 7919) % N);
const tuples = Array.from({ length: N }, (_, i) => [`o${i % 100}`, 1_700_000_000_000 + ((i * 7919) % N), `e${String(i).padStart(8, '0')}`]);
const cmpT = (a: any, b: any) => { for (let i = 0; i < 3; i++) { const x = a[i], y = b[i]; if (x < y) return -1; if (x > y) return 1; } return 0; };
for (const size of [16, 32, 64, 128]) {
  let t = performance.now();
  const tr = new BTree(undefined, (a: number, b: number) => a - b, size);
  for (const k of rnd) tr.set(k, undefined);
  const a = performance.now() - t;
  t = performance.now();
  const tr2 = new BTree(undefined, cmpT, size);
  for (const k of tuples) tr2.set(k, undefined);
  console.log(size, 'numbers', a.toFixed(0), 'tuples', (performance.now() - t).toFixed(0));
}
