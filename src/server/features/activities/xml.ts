import { ActivityFileError } from '../../../domain/activities/activities';

/**
 * A small, strict, linear XML reader for untrusted GPX and TCX files. Not @xmldom/xmldom: measured
 * here, it took 1 s per 4 MB of GPX and 12 s for 9 MB of empty elements, all of it blocking the
 * event loop; this reads either in well under a second. What it refuses:
 * - any DOCTYPE or other `<!` declaration: entity declarations are how an "XML bomb" turns
 *   kilobytes into gigabytes, and GPX and TCX never need one (no entity is ever expanded; only the
 *   five predefined ones and character references are decoded);
 * - anything not well-formed (a cut file included: a partial track would be a wrong total);
 * - more than MAX_ELEMENTS elements (no real file comes near; it bounds the memory of the tree).
 * Nesting depth costs no stack: nothing here recurses.
 */
export interface XmlElement {
  /** The local name, without its namespace prefix (`gpxtpx:hr` → `hr`). */
  name: string;
  attributes: Record<string, string> | null;
  children: XmlElement[];
  text: string;
}

export const MAX_ELEMENTS = 1_000_000;

/** Text decoded by its byte-order mark (UTF-8 otherwise). */
export function xmlText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

/** Whether the text opens like XML (a declaration, a comment or an element), for detecting by content. */
export const looksLikeXml = (text: string) => /^\s*</.test(text);

const bad = () => new ActivityFileError('badXml');
const NAME = /[A-Za-z_:][-\w.:]*/y;
const SPACE = /\s*/y;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&([^;&\s]{0,10});?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) throw bad();
    if (ref in PREDEFINED) return PREDEFINED[ref]!;
    const code = ref.startsWith('#x') ? Number.parseInt(ref.slice(2), 16) : ref.startsWith('#') ? Number.parseInt(ref.slice(1), 10) : Number.NaN;
    if (!Number.isInteger(code) || code < 1 || code > 0x10ffff) throw bad();
    return String.fromCodePoint(code);
  });
}

const localName = (qname: string) => qname.slice(qname.indexOf(':') + 1);

function readName(s: string, at: number): string {
  NAME.lastIndex = at;
  const m = NAME.exec(s);
  if (!m) throw bad();
  return m[0];
}

function skipSpace(s: string, at: number): number {
  SPACE.lastIndex = at;
  SPACE.exec(s);
  return SPACE.lastIndex;
}

/** The document's root element. */
export function parseXml(s: string): XmlElement {
  const stack: { el: XmlElement; qname: string }[] = [];
  let root: XmlElement | null = null;
  let count = 0;
  let i = 0;
  const textOf = (raw: string) => {
    const top = stack[stack.length - 1];
    if (top) top.el.text += raw;
    else if (raw.trim() !== '') throw bad();
  };
  while (i < s.length) {
    const lt = s.indexOf('<', i);
    if (lt === -1) {
      textOf(decode(s.slice(i)));
      break;
    }
    if (lt > i) textOf(decode(s.slice(i, lt)));
    if (s.startsWith('<?', lt)) {
      const end = s.indexOf('?>', lt + 2);
      if (end === -1) throw bad();
      i = end + 2;
    } else if (s.startsWith('<!--', lt)) {
      const end = s.indexOf('-->', lt + 4);
      if (end === -1) throw bad();
      i = end + 3;
    } else if (s.startsWith('<![CDATA[', lt)) {
      const end = s.indexOf(']]>', lt + 9);
      if (end === -1 || stack.length === 0) throw bad();
      textOf(s.slice(lt + 9, end));
      i = end + 3;
    } else if (s.startsWith('<!', lt)) {
      throw new ActivityFileError('xmlDoctype');
    } else if (s.startsWith('</', lt)) {
      const qname = readName(s, lt + 2);
      const gt = skipSpace(s, lt + 2 + qname.length);
      if (s[gt] !== '>' || stack.pop()?.qname !== qname) throw bad();
      i = gt + 1;
    } else {
      if (root && stack.length === 0) throw bad();
      const qname = readName(s, lt + 1);
      if (++count > MAX_ELEMENTS) throw bad();
      const el: XmlElement = { name: localName(qname), attributes: null, children: [], text: '' };
      let at = lt + 1 + qname.length;
      for (;;) {
        const next = skipSpace(s, at);
        if (s[next] === '>' || s.startsWith('/>', next)) {
          at = next;
          break;
        }
        if (next === at) throw bad();
        const attr = readName(s, next);
        const eq = skipSpace(s, next + attr.length);
        if (s[eq] !== '=') throw bad();
        const open = skipSpace(s, eq + 1);
        const quote = s[open];
        if (quote !== '"' && quote !== "'") throw bad();
        const close = s.indexOf(quote, open + 1);
        if (close === -1) throw bad();
        const value = s.slice(open + 1, close);
        if (value.includes('<')) throw bad();
        (el.attributes ??= {})[localName(attr)] = decode(value);
        at = close + 1;
      }
      const parent = stack[stack.length - 1];
      if (parent) parent.el.children.push(el);
      else root = el;
      if (s[at] === '>') {
        stack.push({ el, qname });
        i = at + 1;
      } else i = at + 2;
    }
  }
  if (!root || stack.length > 0) throw bad();
  return root;
}

/** The element children with this local name. */
export const children = (node: XmlElement | null, name: string): XmlElement[] => (node ? node.children.filter((c) => c.name === name) : []);
export const child = (node: XmlElement | null, name: string): XmlElement | null => node?.children.find((c) => c.name === name) ?? null;

/** Every descendant with this local name, in document order (iterative: depth costs no stack). */
export function descendants(node: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const stack = [...node.children].reverse();
  while (stack.length) {
    const n = stack.pop()!;
    if (n.name === name) out.push(n);
    for (let k = n.children.length - 1; k >= 0; k--) stack.push(n.children[k]!);
  }
  return out;
}

export const attribute = (node: XmlElement, name: string): string | null => node.attributes?.[name] ?? null;

/** The trimmed text of an element (null when absent or empty). */
export function text(node: XmlElement | null): string | null {
  const value = node?.text.trim() ?? '';
  return value === '' ? null : value;
}

export function number(node: XmlElement | null): number | null {
  const value = text(node);
  if (value === null) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** An ISO 8601 time (an element's text or an attribute) → ms since the epoch. */
export function parseInstant(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const t = Date.parse(value.trim());
  return Number.isFinite(t) ? t : null;
}

export const instant = (node: XmlElement | null): number | null => parseInstant(text(node));
