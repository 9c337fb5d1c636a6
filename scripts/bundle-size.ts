// Prints the gzip size of the JavaScript the app loads first (index.html's module script and
// its preloads), against the 130 kB budget, and of each lazily loaded page chunk.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 130;
const html = readFileSync('dist/index.html', 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
const gzipKb = (file: string) => gzipSync(readFileSync(`dist/${file}`)).length / 1024;

let total = 0;
for (const file of initial) {
  const size = gzipKb(file);
  total += size;
  console.log(`initial  ${size.toFixed(1).padStart(6)} kB  ${file}`);
}
for (const file of readdirSync('dist/assets').filter((name) => name.endsWith('.js'))) {
  if (!initial.includes(`assets/${file}`))
    console.log(`lazy     ${gzipKb(`assets/${file}`).toFixed(1).padStart(6)} kB  assets/${file}`);
}
console.log(`Initial JavaScript: ${total.toFixed(1)} kB gzip (budget ${BUDGET_KB} kB)`);
if (total > BUDGET_KB) process.exitCode = 1;
