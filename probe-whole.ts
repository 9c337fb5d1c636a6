import Database from 'better-sqlite3';
import { DictionaryStore } from './server/reference/store';
import { wholeEntry } from './server/reference/whole-entry';
import { stableEntryId } from './server/datasets/ids';
import zlib from 'node:zlib';
const store = new DictionaryStore(new Database('/work/main/data/wordnet.sqlite', { readonly: true }));
for (const w of ['run', 'dog', 'aardvark', 'set', 'take']) {
  const id = stableEntryId('wordnet', w);
  let t = performance.now();
  const body = wholeEntry(store, id, 'ipa');
  const first = performance.now() - t;
  t = performance.now();
  for (let i = 0; i < 20; i++) wholeEntry(store, id, 'ipa');
  const avg = (performance.now() - t) / 20;
  const br = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
  const gz = zlib.gzipSync(body).length;
  t = performance.now(); zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }); const brt = performance.now() - t;
  console.log(w, body.split('\n').length - 1, 'lines', body.length, 'bytes; br', br, 'gz', gz, `first ${first.toFixed(1)}ms avg ${avg.toFixed(1)}ms br ${brt.toFixed(1)}ms`);
}
