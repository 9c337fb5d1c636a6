// A damaged database file is left out, with one line saying which and why; the rest are served.
import { mkdtempSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleDataset } from '../datasets/sample';
import { buildDatabase } from './build';
import { openDatabases } from './databases';

describe('openDatabases', () => {
  it('skips a file that is not a database, one cut short and one of another layout, and serves the rest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'data-'));
    buildDatabase(join(dir, 'good.sqlite'), sampleDataset).close();
    writeFileSync(join(dir, 'junk.sqlite'), 'not a database at all, only some text '.repeat(200));
    writeFileSync(join(dir, 'short.sqlite'), readFileSync(join(dir, 'good.sqlite')));
    // Its first pages (the schema and the meta table among them) are all there.
    truncateSync(join(dir, 'short.sqlite'), Math.floor(statSync(join(dir, 'good.sqlite')).size * 0.8));
    const old = buildDatabase(join(dir, 'old.sqlite'), sampleDataset);
    old.pragma('foreign_keys = OFF');
    old.exec('DROP TABLE search_fields');
    old.close();

    const warnings: string[] = [];
    const stores = openDatabases(dir, (message) => warnings.push(message));
    expect([...stores.keys()].sort()).toEqual(['good', 'sample']);
    expect(
      stores
        .get('good')!
        .headword(stores.get('sample')!.search('entry-data', { headword: 'mouse' }).results[0]!.entryId),
    ).toBe('mouse');
    expect(warnings).toHaveLength(3);
    for (const name of ['junk', 'short', 'old']) {
      expect(warnings.some((line) => line.startsWith(`Skipping the database ${join(dir, `${name}.sqlite`)}: `))).toBe(
        true,
      );
    }
    expect(warnings.find((line) => line.includes('short.sqlite'))).toMatch(/cut short|malformed/);
  });
});
