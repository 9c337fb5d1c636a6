// `npm run build` (after the app's build): the server compiled once into build/server.mjs, so
// that it starts with `node` directly, with no TypeScript to compile at every start. Its
// packages stay in node_modules; only our own code is in the file.
import { build } from 'esbuild';

const started = performance.now();
await build({
  entryPoints: ['server/server.ts'],
  outfile: 'build/server.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  logLevel: 'warning',
});
console.log(`Built build/server.mjs in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
