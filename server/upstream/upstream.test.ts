import { text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { definitionSections } from '../../src/api/catalog';
import type { EntryLine } from '../../src/api/schemas';
import { FIRST_SHOWN, orderedDefinitions } from '../../src/definition-order';
import { sampleId } from '../datasets/sample';
import { ndjsonLines } from '../testing/ndjson';
import { startTestUpstream, type TestUpstream } from '../testing/test-upstream';
import { assembleEntry, type Assembly } from './assemble-entry';
import { UpstreamClient } from './client';
import { LruCache } from '../lru-cache';
import { MissingOperations } from './missing-operations';
import { Cancelled, FairScheduler } from './scheduler';
import { SharedAssemblies } from './shared-assembly';
import { Upstream, UPSTREAM_DEFAULTS } from './upstream';

const KEY = 'upstream-test-key-5d0e';
let testUpstream: TestUpstream;
const open: Upstream[] = [];

beforeAll(async () => {
  testUpstream = await startTestUpstream();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((upstream) => upstream.close()));
  testUpstream.reset();
});
afterAll(() => testUpstream.close());

function upstreamWith(concurrency: number, log: (message: string) => void = () => {}) {
  const upstream = new Upstream(
    { ...UPSTREAM_DEFAULTS, baseUrl: testUpstream.baseUrl, apiKey: KEY, concurrency, timeoutMs: 5000 },
    log,
  );
  open.push(upstream);
  return upstream;
}

const assemble = (upstream: Upstream, key: string, signal = new AbortController().signal) =>
  assembleEntry(upstream, { database: 'sample', entryId: sampleId(key), signal, log: () => {} });

async function body(assembly: Assembly): Promise<string> {
  if ('failed' in assembly) throw new Error(assembly.failed.message);
  return text(assembly.lines);
}

const definitionRequests = () => testUpstream.seen.filter((path) => path.includes('/defs/'));

describe('LruCache', () => {
  it('drops the least recently used entries to stay within its bytes', () => {
    const cache = new LruCache<string>(30);
    cache.set('a', 'A', 10, 1000);
    cache.set('b', 'B', 10, 1000);
    cache.set('c', 'C', 10, 1000);
    expect(cache.get('a')).toBe('A'); // now the most recently used
    cache.set('d', 'D', 10, 1000);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual(['A', 'C', 'D']);
    expect(cache.usedBytes).toBe(30);
    cache.set('huge', 'H', 31, 1000);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(3);
  });

  it('forgets an entry after its time to live', () => {
    let now = 0;
    const cache = new LruCache<string>(100, () => now);
    cache.set('long', 'L', 1, 1000);
    cache.set('short', 'S', 1, 10);
    now = 10;
    expect(cache.get('short')).toBeUndefined();
    expect(cache.get('long')).toBe('L');
    expect(cache.usedBytes).toBe(1);
  });
});

describe('FairScheduler', () => {
  it('runs at most its limit at once, giving the jobs turns', async () => {
    const scheduler = new FairScheduler(2);
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      order.push(name);
      await Promise.resolve();
      running--;
    };
    const big = scheduler.job();
    const small = scheduler.job();
    const all = [...'abcdef'].map((name) => big.schedule(task(`big-${name}`)));
    all.push(small.schedule(task('small-1')), small.schedule(task('small-2')));
    await Promise.all(all);
    expect(most).toBe(2);
    // The small job's tasks come in turn, not after all of the big job's.
    expect(order.indexOf('small-1')).toBeLessThan(4);
    expect(order.indexOf('small-2')).toBeLessThan(6);
    expect(scheduler.load).toEqual({ running: 0, waiting: 0 });
  });

  it('starts a burst of tasks a few at a time, letting other work in between', async () => {
    const scheduler = new FairScheduler(1000);
    const job = scheduler.job();
    let started = 0;
    const all = Array.from({ length: 100 }, () => job.schedule(async () => void started++));
    let startedBeforeOtherWork = -1;
    setImmediate(() => (startedBeforeOtherWork = started));
    await Promise.all(all);
    expect(startedBeforeOtherWork).toBeGreaterThan(0);
    expect(startedBeforeOtherWork).toBeLessThan(100);
  });

  it('drops the tasks of a cancelled job that have not started', async () => {
    const scheduler = new FairScheduler(1);
    const controller = new AbortController();
    const job = scheduler.job(controller.signal);
    let release!: () => void;
    const first = job.schedule(() => new Promise<void>((resolve) => (release = resolve)));
    const second = job.schedule(async () => 'ran');
    controller.abort();
    await expect(second).rejects.toThrow('cancelled');
    release();
    await first;
    await expect(job.schedule(async () => 1)).rejects.toThrow('cancelled');
  });
});

describe('Upstream', () => {
  it('keeps at most its concurrency of requests in flight', async () => {
    testUpstream.latencyMs = 2;
    const upstream = upstreamWith(3);
    const lines = ndjsonLines(await body(await assemble(upstream, 'run')));
    expect(lines.at(-1)).toEqual({ kind: 'end', definitions: 12 });
    expect(testUpstream.maxInFlight).toBeLessThanOrEqual(3);
    expect(testUpstream.maxInFlight).toBeGreaterThan(1);
  });

  it('asks for the first screen’s definitions before the others', async () => {
    const upstream = upstreamWith(64);
    const lines = ndjsonLines(await body(await assemble(upstream, 'run')));
    const map = (lines[0] as EntryLine).definitions;
    const firstScreen = orderedDefinitions(map)
      .slice(0, FIRST_SHOWN)
      .map(([id]) => id);
    const definitionOf = (path: string) => /\/defs\/(\d+)\//.exec(path)?.[1];
    const asked = definitionRequests().map(definitionOf);
    const lastOfFirst = Math.max(...firstScreen.map((id) => asked.lastIndexOf(id)));
    const firstOfRest = asked.findIndex((id) => !firstScreen.includes(id!));
    expect(lastOfFirst).toBeLessThan(firstOfRest);
    expect(new Set(asked).size).toBe(12);
  });

  it('serves another reader’s request in turn while a whole entry is being read', async () => {
    testUpstream.latencyMs = 5;
    const upstream = upstreamWith(2);
    const assembling = assemble(upstream, 'run').then(body);
    await vi.waitFor(() => expect(definitionRequests().length).toBeGreaterThanOrEqual(10));
    const before = testUpstream.seen.length;
    const answer = await upstream.get(
      ['sample', 'entries', sampleId('cat'), 'headword'],
      undefined,
      upstream.scheduler.job(),
    );
    expect(answer).toEqual({ status: 200, json: '"cat"' });
    const position = testUpstream.seen.indexOf(`/sample/entries/${sampleId('cat')}/headword`);
    // At most the two in flight and one more of the entry's went first.
    expect(position - before).toBeLessThanOrEqual(3);
    await assembling;
  });

  it('stops asking for the rest of an entry when its reader goes', async () => {
    testUpstream.latencyMs = 5;
    const upstream = upstreamWith(2);
    const controller = new AbortController();
    const assembly = await assemble(upstream, 'run', controller.signal);
    expect('lines' in assembly).toBe(true);
    await vi.waitFor(() => expect(definitionRequests().length).toBeGreaterThanOrEqual(10));
    controller.abort();
    await vi.waitFor(() => expect(upstream.scheduler.load).toEqual({ running: 0, waiting: 0 }));
    expect(definitionRequests().length).toBeLessThan((12 * Object.keys(definitionSections).length) / 2);
  });

  it('learns the extensions the upstream lacks, says so once, and stops asking for them', async () => {
    const extensions = Object.entries(definitionSections)
      .filter(([, spec]) => spec.tag === 'extension')
      .map(([name]) => name);
    testUpstream.fault = (path, reply) =>
      extensions.some((name) => path.endsWith(`/${name}`)) && !!reply.code(501).send();
    const log = vi.fn();
    const upstream = upstreamWith(8, log);
    const first = ndjsonLines(await body(await assemble(upstream, 'mouse')));
    const definitions = first.filter((line) => line.kind === 'definition');
    expect(definitions.length).toBeGreaterThan(0);
    expect(definitions.every((line) => line.absent.includes('definition-text'))).toBe(true);
    expect(log).toHaveBeenCalledTimes(extensions.length);
    expect(log.mock.calls.join('\n')).toMatch(/does not seem to offer "definition-text" in database "sample"/);

    testUpstream.reset();
    const second = ndjsonLines(await body(await assemble(upstream, 'run')));
    expect(second.at(-1)).toEqual({ kind: 'end', definitions: 12 });
    expect(definitionRequests().some((path) => extensions.some((name) => path.endsWith(`/${name}`)))).toBe(false);
    expect(definitionRequests()).toHaveLength(12 * (Object.keys(definitionSections).length - extensions.length));
    expect(log).toHaveBeenCalledTimes(extensions.length);
  });
});

describe('MissingOperations', () => {
  it('learns from 404s only over many definitions of several entries, and never after a success', () => {
    const log = vi.fn();
    let now = 0;
    const missing = new MissingOperations(1000, log, () => now);
    for (let i = 0; i < 30; i++) missing.record('db', 'entry-a', 'subheads', 404);
    expect(missing.lacks('db', 'subheads')).toBe(false); // one entry is no evidence
    for (let i = 0; i < 30; i++) missing.record('db', `entry-${i % 3}`, 'bynames', 404);
    expect(missing.lacks('db', 'bynames')).toBe(true);
    expect(missing.lacks('other', 'bynames')).toBe(false);
    expect(log).toHaveBeenCalledOnce();

    missing.record('db', 'x', 'labels', 200);
    for (let i = 0; i < 30; i++) missing.record('db', `entry-${i % 5}`, 'labels', 404);
    expect(missing.lacks('db', 'labels')).toBe(false);

    now = 1000; // the learning expires: the upstream may have gained it
    expect(missing.lacks('db', 'bynames')).toBe(false);
  });
});

describe('UpstreamClient', () => {
  it('removes the key from the upstream’s JSON however it was escaped', async () => {
    const escaped = [...KEY].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    testUpstream.fault = (_, reply) =>
      !!reply.code(500).type('application/json').send(`{"message":"key \\/ ${escaped}","${KEY}":1}`);
    const client = new UpstreamClient({ baseUrl: testUpstream.baseUrl, apiKey: KEY, connections: 1, timeoutMs: 1000 });
    const answer = await client.send('GET', ['sample', 'entries', sampleId('cat'), 'headword']);
    expect(answer.status).toBe(500);
    expect(answer.json).toBe('{"message":"key / [redacted]","[redacted]":1}');
    await client.close();
  });
});

describe('a reader who leaves', () => {
  const headword = ['sample', 'entries', sampleId('cat'), 'headword'];

  /** Holds the upstream's answer to the headword until `release` is called. */
  function holdHeadword() {
    const held = { started: 0, closed: 0, release: () => {} };
    testUpstream.fault = (path, reply) => {
      if (!path.endsWith('/headword')) return false;
      held.started++;
      reply.raw.on('close', () => held.closed++);
      held.release = () => void reply.code(200).type('application/json').send('"cat"');
      return true;
    };
    return held;
  }

  it('stops the upstream request nobody waits for any more', async () => {
    const held = holdHeadword();
    const upstream = upstreamWith(4);
    const leaving = new AbortController();
    const answer = upstream.get(headword, undefined, upstream.scheduler.job(leaving.signal)).catch((error) => error);
    await vi.waitFor(() => expect(held.started).toBe(1));
    leaving.abort();
    expect(await answer).toBeInstanceOf(Cancelled);
    await vi.waitFor(() => expect(held.closed).toBe(1));
  });

  it('lets it go on for another reader who waits for the same answer', async () => {
    const held = holdHeadword();
    const upstream = upstreamWith(4);
    const leaving = new AbortController();
    const first = upstream.get(headword, undefined, upstream.scheduler.job(leaving.signal)).catch((error) => error);
    await vi.waitFor(() => expect(held.started).toBe(1));
    const second = upstream.get(headword, undefined, upstream.scheduler.job());
    leaving.abort();
    expect(await first).toBeInstanceOf(Cancelled);
    held.release();
    expect(await second).toEqual({ status: 200, json: '"cat"' });
    expect(held.started).toBe(1);
  });
});

describe('SharedAssemblies', () => {
  const read = (assemblies: SharedAssemblies, signal = new AbortController().signal) =>
    assemblies.assemble({ database: 'sample', entryId: sampleId('run'), signal, log: () => {} });

  /** Sections the entry's reading asks of the upstream's cache, with a second reader joining midway or not. */
  async function sectionsAsked(withSecondReader: boolean) {
    const upstream = upstreamWith(4);
    const asking = vi.spyOn(upstream, 'get');
    const assemblies = new SharedAssemblies(upstream);
    const readings = [read(assemblies).then(body)];
    await vi.waitFor(() => expect(asking.mock.calls.length).toBeGreaterThanOrEqual(30));
    if (withSecondReader) readings.push(read(assemblies).then(body));
    const bodies = await Promise.all(readings);
    return { asked: asking.mock.calls.length, bodies };
  }

  it('reads an entry once for the readers who ask for it while it is being read', async () => {
    testUpstream.latencyMs = 5;
    const alone = await sectionsAsked(false);
    const shared = await sectionsAsked(true);
    // The second reader costs nothing more: no section asked again, even of the cache.
    expect(shared.asked).toBe(alone.asked);
    expect(shared.bodies[1]).toBe(shared.bodies[0]);
    expect(ndjsonLines(shared.bodies[1]!).at(-1)).toEqual({ kind: 'end', definitions: 12 });
  });

  it('goes on reading for the readers who stay, and stops when the last one goes', async () => {
    testUpstream.latencyMs = 5;
    const assemblies = new SharedAssemblies(upstreamWith(2));
    const readers = [new AbortController(), new AbortController()];
    await read(assemblies, readers[0]!.signal);
    await vi.waitFor(() => expect(definitionRequests().length).toBeGreaterThanOrEqual(10));
    const staying = await read(assemblies, readers[1]!.signal);
    readers[0]!.abort();
    const lines = ndjsonLines(await body(staying));
    expect(lines.at(-1)).toEqual({ kind: 'end', definitions: 12 });
    expect(lines.every((line) => line.kind !== 'definition' || Object.keys(line.errors).length === 0)).toBe(true);

    testUpstream.reset();
    testUpstream.latencyMs = 5;
    const again = new SharedAssemblies(upstreamWith(2));
    const leaving = [new AbortController(), new AbortController()];
    await read(again, leaving[0]!.signal);
    await vi.waitFor(() => expect(definitionRequests().length).toBeGreaterThanOrEqual(10));
    await read(again, leaving[1]!.signal);
    for (const reader of leaving) reader.abort();
    await vi.waitFor(() => expect(testUpstream.inFlight).toBe(0));
    expect(definitionRequests().length).toBeLessThan((12 * Object.keys(definitionSections).length) / 2);
  });
});
