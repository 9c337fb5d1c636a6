// Builds of one database never overlap: two processes that build at once take turns, and a
// lock left by a process that died is taken over.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withBuildLock } from './build-lock';

const LOCK_MODULE = new URL('./build-lock.ts', import.meta.url).pathname;

/** A process that holds the lock for `ms`, writing when it started and ended its work. */
function builder(dir: string, name: string, ms: number): Promise<number | null> {
  const script = `
    import { appendFileSync } from 'node:fs';
    import { withBuildLock } from ${JSON.stringify(LOCK_MODULE)};
    await withBuildLock(${JSON.stringify(join(dir, 'db.lock'))}, () => {
      appendFileSync(${JSON.stringify(join(dir, 'log'))}, 'start ${name}\\n');
      const until = Date.now() + ${ms};
      while (Date.now() < until);
      appendFileSync(${JSON.stringify(join(dir, 'log'))}, 'end ${name}\\n');
    });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'inherit' });
  return new Promise((resolve) => child.on('exit', resolve));
}

describe('withBuildLock', () => {
  it('makes two builds at once take turns', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    writeFileSync(join(dir, 'log'), '');
    expect(await Promise.all([builder(dir, 'a', 1500), builder(dir, 'b', 1500)])).toEqual([0, 0]);
    const lines = readFileSync(join(dir, 'log'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(4);
    // Each build ends before the other starts.
    expect(lines[1]).toBe(lines[0]!.replace('start', 'end'));
    expect(lines[3]).toBe(lines[2]!.replace('start', 'end'));
  }, 60_000);

  it('makes the lock’s directory if there is none yet (a fresh clone has no data/)', async () => {
    const lock = join(mkdtempSync(join(tmpdir(), 'lock-')), 'data', 'db.lock');
    expect(await withBuildLock(lock, () => 'built')).toBe('built');
  });

  it('takes over a lock whose process has died', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    const lock = join(dir, 'db.lock');
    // No process has this ID (above the kernel's limit).
    writeFileSync(lock, '99999999');
    expect(await withBuildLock(lock, () => 'built')).toBe('built');
  });
});
