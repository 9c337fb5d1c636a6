// The whole entry from the upstream service: every section of the entry, of its run-on
// entries and of all their definitions, asked for in parallel (in reading order, through the
// cache and the fair scheduler), and written as NDJSON lines as soon as they are ready: the
// entry line once the entry's own sections are in, then each definition once all of its are,
// then the end line. The spec gives one GET per section; this is where that cost is paid.
import { Readable } from 'node:stream';
import {
  definitionSections,
  entrySections,
  isDefId,
  type DefinitionSectionName,
  type SectionSpec,
} from '../../src/api/catalog';
import { FIRST_SHOWN, orderedDefinitions } from '../../src/definition-order';
import {
  ABSENT,
  DEFINITION_LINE_SECTIONS,
  definitionLine,
  endLine,
  ENTRY_LINE_SECTIONS,
  entryLine,
  type SectionOutcome,
} from '../entry-lines';
import { UpstreamFailure, upstreamStatusMessage, type UpstreamAnswer } from './client';
import { Cancelled } from './scheduler';
import type { Upstream } from './upstream';

/** Definitions read for one entry at most; the app reads any others section by section. */
export const MAX_DEFINITIONS = 500;
/** However busy the upstream, an entry is answered within this time, late sections as failures. */
const ASSEMBLY_TIMEOUT_MS = 60_000;

export interface AssemblyRequest {
  database: string;
  entryId: string;
  transcription?: string;
  /** Aborts when the client has gone. */
  signal: AbortSignal;
  log: (message: string) => void;
}

export type Assembly =
  | { failed: { status: number; message: string } }
  | {
      lines: Readable;
      /** Every section was in the cache when it was asked for: the lines will all be in at once. */
      cached: boolean;
      /** Requests asked of the upstream so far. */
      asked: () => number;
    };

type Read = UpstreamAnswer | { failure: { status: number; message: string } };

const readFailure = (error: unknown): Read => {
  if (error instanceof UpstreamFailure) return { failure: { status: error.status, message: error.message } };
  if (error instanceof Cancelled) return { failure: { status: 504, message: 'The entry took too long to read.' } };
  return { failure: { status: 502, message: 'The dictionary service could not be read.' } };
};

/** A section's outcome, as the app would have seen its own GET of it. */
function outcomeOf(read: Read, spec: SectionSpec): SectionOutcome {
  if ('failure' in read) return read.failure;
  if (read.status === 200) {
    return read.json !== undefined
      ? { json: read.json }
      : { status: 502, message: 'The dictionary service sent a response that is not JSON.' };
  }
  // An extension the upstream does not offer at all is as absent as a section it lacks.
  if (read.status === 404 || (spec.tag === 'extension' && (read.status === 501 || read.status === 405))) return ABSENT;
  return { status: read.status, message: upstreamStatusMessage(read.status) };
}

/** The JSON value of a 200 answer, or undefined. */
function valueOf(read: Read): unknown {
  if ('failure' in read || read.status !== 200 || read.json === undefined) return undefined;
  return JSON.parse(read.json) as unknown;
}

const isStringMap = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((item) => typeof item === 'string');

/** Definition IDs of the run-on entries, where the upstream's answer has the shape we know. */
function runOnDefinitionIds(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((runOn: unknown) => {
    const definitions = (runOn as { definitions?: unknown } | null)?.definitions;
    return isStringMap(definitions) ? Object.keys(definitions) : [];
  });
}

/** Why the entry cannot be shown at all, from the headword's or definition map's answer. */
function entryFailure(read: Read, what: string): { status: number; message: string } | undefined {
  if ('failure' in read) return read.failure;
  if (read.status === 200) return undefined;
  if (read.status === 404 || read.status === 400)
    return { status: read.status, message: upstreamStatusMessage(read.status) };
  return { status: 502, message: `The dictionary service failed to give the ${what} (${read.status}).` };
}

export async function assembleEntry(upstream: Upstream, request: AssemblyRequest): Promise<Assembly> {
  const { database, entryId, transcription } = request;
  const job = upstream.scheduler.job(AbortSignal.any([request.signal, AbortSignal.timeout(ASSEMBLY_TIMEOUT_MS)]));
  const entryPath = [database, 'entries', entryId];
  const read = (segments: string[], spec?: SectionSpec): Promise<Read> =>
    upstream.get(segments, spec?.transcription ? transcription : undefined, job).then((answer) => answer, readFailure);

  const lines = new Readable({ read() {} });
  let headWritten!: () => void;
  const afterHead = new Promise<void>((resolve) => (headWritten = resolve));
  const started = new Set<string>();
  let unfinished = 0;
  let allStarted = false;
  const end = () => {
    lines.push(endLine(started.size));
    lines.push(null);
  };

  async function readDefinition(defId: string): Promise<string> {
    const outcomes = await Promise.all(
      DEFINITION_LINE_SECTIONS.map(async (name): Promise<[string, SectionOutcome]> => {
        const spec: SectionSpec = definitionSections[name];
        if (spec.tag === 'extension' && upstream.missing.lacks(database, name)) return [name, ABSENT];
        const answer = await read([...entryPath, 'defs', defId, name], spec);
        if (spec.tag === 'extension' && !('failure' in answer)) {
          upstream.missing.record(database, entryId, name as DefinitionSectionName, answer.status);
        }
        return [name, outcomeOf(answer, spec)];
      }),
    );
    return definitionLine(defId, outcomes);
  }

  /** Starts reading the definitions; resolves once they are read. */
  function startDefinitions(ids: string[]): Promise<unknown> {
    const reading: Promise<void>[] = [];
    for (const defId of ids) {
      if (!isDefId(defId) || started.has(defId)) continue;
      if (started.size === MAX_DEFINITIONS) {
        request.log(
          `Entry ${entryId} of "${database}" has over ${MAX_DEFINITIONS} definitions; the rest are not read.`,
        );
        break;
      }
      started.add(defId);
      unfinished++;
      reading.push(
        readDefinition(defId).then(async (line) => {
          await afterHead;
          lines.push(line);
          if (--unfinished === 0 && allStarted) end();
        }),
      );
    }
    return Promise.all(reading);
  }

  // The first screen's definitions (those the page shows first) are asked for as soon as their
  // IDs are known, before the headword is in; the others, and the run-on entries' definitions,
  // once those are read: the upstream, and the machine, are not busy with the 57th definition
  // while the reader waits for the first.
  const headword = read([...entryPath, 'headword']);
  const definitionMap = read([...entryPath, 'defs']);
  const later: string[] = [];
  const firstScreen = definitionMap.then((answer) => {
    const map = valueOf(answer);
    if (!isStringMap(map)) return;
    const ids = orderedDefinitions(map).map(([id]) => id);
    later.unshift(...ids.slice(FIRST_SHOWN));
    return startDefinitions(ids.slice(0, FIRST_SHOWN));
  });
  const entryOutcomes = ENTRY_LINE_SECTIONS.map(async (name): Promise<[string, SectionOutcome]> => {
    const spec: SectionSpec = entrySections[name];
    const answer = await read([...entryPath, name], spec);
    if (name === 'run-on-entries') later.push(...runOnDefinitionIds(valueOf(answer)));
    return [name, outcomeOf(answer, spec)];
  });

  const [headwordRead, mapRead] = await Promise.all([headword, definitionMap]);
  const failure = entryFailure(headwordRead, 'headword') ?? entryFailure(mapRead, 'definition map');
  const headwordValue = valueOf(headwordRead);
  const mapValue = valueOf(mapRead);
  if (failure || typeof headwordValue !== 'string' || !isStringMap(mapValue)) {
    job.cancel();
    return {
      failed: failure ?? {
        status: 502,
        message: 'The dictionary service sent a malformed headword or definition map.',
      },
    };
  }
  const outcomes = await Promise.all(entryOutcomes);
  lines.push(entryLine(headwordValue, JSON.stringify(mapValue), outcomes));
  headWritten();
  const restStarted = firstScreen.then(() => {
    void startDefinitions(later);
    allStarted = true;
    if (unfinished === 0) end();
  });
  const fromCache = () => job.scheduled === 0 && job.joined === 0;
  // All from the cache so far: then the rest likely is, which is known once it is all asked for.
  if (fromCache()) await restStarted;
  lines.on('close', () => job.cancel());
  return { lines, cached: fromCache(), asked: () => job.scheduled };
}
