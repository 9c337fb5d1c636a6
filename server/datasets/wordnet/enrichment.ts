// Encyclopedic data joined to WordNet senses: countries (world-countries, ODbL) and chemical
// elements (periodic-table-data, MIT).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface Country {
  name: { common: string; official: string };
  cca2: string;
  cca3: string;
  capital: string[];
  area: number;
  region: string;
  subregion: string;
  languages?: Record<string, string>;
  currencies?: Record<string, { name: string; symbol?: string }>;
  altSpellings: string[];
}

export interface Element {
  atomicNumber: number;
  symbol: string;
  name: string;
  atomicMass: number | string;
  density: number | null;
  groupBlock: string;
  standardState: string;
}

export const countries = (): Country[] => require('world-countries/countries.json') as Country[];
export const elements = (): Element[] => require('periodic-table-data/periodicTableData.json') as Element[];

const withoutAccents = (name: string) => name.normalize('NFKD').replace(/\p{M}/gu, '');

/** A country's other names: its official name and its spellings longer than a code. */
export const otherNames = (country: Country): string[] => [
  country.name.official,
  ...country.altSpellings.filter((name) => name.length > 3),
];

/** Names a country's WordNet entry may have: common and other names, accents or not. */
export const countryNames = (country: Country): string[] => {
  const names = [country.name.common, ...otherNames(country)];
  return [...new Set(names.flatMap((name) => [name.toLowerCase(), withoutAccents(name).toLowerCase()]))];
};

/** Words that mark a WordNet sense as the one of a country, in order of preference. */
export const COUNTRY_WORDS = [
  'republic',
  'kingdom',
  'country',
  'monarchy',
  'principality',
  'sultanate',
  'emirate',
  'nation',
  'island',
  'state',
];

const formatNumber = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 6 });

export function countryFacts(country: Country) {
  return {
    area: `${formatNumber(country.area)} km²`,
    languages: Object.values(country.languages ?? {}),
    currencies: Object.values(country.currencies ?? {}).map((c) => (c.symbol ? `${c.name} (${c.symbol})` : c.name)),
    capitals: country.capital,
    region: [country.subregion, country.region].filter(Boolean).join(', '),
  };
}

export function elementFacts(element: Element) {
  return {
    atomicNumber: String(element.atomicNumber),
    mass: `${element.atomicMass} u`,
    density: element.density === null ? undefined : `${formatNumber(element.density)} g/cm³`,
  };
}
