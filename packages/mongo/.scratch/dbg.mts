import { parseUpdate } from '../src/embedded/engine/update-document.ts';
console.log(parseUpdate({ $set: { _id: 'v' } }));
