import { IndexTree } from '../src/embedded/engine/index-tree';
import { benchDoc } from '../bench/workload';
const size = 1_000_000;
const ids = Array.from({ length: size }, (_, i) => benchDoc(i)._id);
globalThis.gc?.(); globalThis.gc?.();
const base = process.memoryUsage().heapUsed;
function* docs() { for (let i = 0; i < size; i++) yield [ids[i]!, JSON.parse(JSON.stringify(benchDoc(i)))] as const; }
const [tree] = IndexTree.buildAll([{ name: 'o', key: [['organizationId', 1], ['createdAt', 1]], unique: false }], docs(), 'x');
globalThis.gc?.(); globalThis.gc?.();
console.log('per entry bytes', ((process.memoryUsage().heapUsed - base) / size).toFixed(1), tree!.size);
