// The API key, kept out of everything the upstream sends back, in any encoding: JSON escapes
// (decoded by parsing), HTML character references, percent-encoding, base64 and hex, in any
// case. A string that holds it in a form that cannot be cut out is replaced whole.

export const REDACTED = '[redacted]';

/** Named references that spell the characters keys are made of, beyond the numeric ones. */
const NAMED: Record<string, string> = {
  amp: '&',
  dash: '-',
  hyphen: '-',
  lowbar: '_',
  period: '.',
  colon: ':',
  sol: '/',
  plus: '+',
  equals: '=',
  tilde: '~',
};

/** HTML character references decoded (with or without their `;`), in linear time. */
function decodeReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});?/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** %XX sequences decoded, leaving any that do not form a character as they are. */
function decodePercents(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/**
 * The parts of the base64 of a text holding the key that are the same wherever the key
 * starts (its three alignments), the characters that also encode its neighbours left out.
 */
function base64Cores(key: string): string[] {
  return [0, 1, 2].map((offset) => {
    const encoded = Buffer.from('\0'.repeat(offset) + key).toString('base64');
    const start = Math.ceil((offset * 4) / 3) + 1;
    return encoded.slice(start, encoded.length - 4);
  });
}

export class KeyRedactor {
  private readonly lower: string;
  private readonly encoded: string[];

  constructor(private readonly key: string) {
    this.lower = key.toLowerCase();
    this.encoded = [Buffer.from(key).toString('hex'), ...base64Cores(key).filter((core) => core.length >= 8)];
  }

  /** Whether the text holds the key in any form this knows. */
  mentions(text: string): boolean {
    const lower = text.toLowerCase();
    if (lower.includes(this.lower) || this.encoded.some((form) => text.includes(form) || lower.includes(form))) {
      return true;
    }
    if (!text.includes('&') && !text.includes('%')) return false;
    return decodePercents(decodeReferences(text)).toLowerCase().includes(this.lower);
  }

  /** The JSON text as one line with the key in no string and no name; undefined if it is not JSON. */
  compactJson(text: string): string | undefined {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return undefined;
    }
    // With no JSON escape, every string is in the text as it is: if the key is in none of its
    // forms there, it is nowhere; and with no line break, the text is one line.
    if (!/[\\\r\n]/.test(text) && !this.mentions(text)) return text;
    return JSON.stringify(this.redact(value));
  }

  private redact(value: unknown): unknown {
    if (typeof value === 'string') return this.redactString(value);
    if (Array.isArray(value)) return value.map((item) => this.redact(item));
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(
        Object.entries(value).map(([name, item]) => [this.redactString(name), this.redact(item)]),
      );
    }
    return value;
  }

  private redactString(text: string): string {
    if (!this.mentions(text)) return text;
    const cut = text.replace(new RegExp(escapeRegExp(this.key), 'gi'), REDACTED);
    return this.mentions(cut) ? REDACTED : cut;
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
