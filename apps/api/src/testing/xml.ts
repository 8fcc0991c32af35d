/** An element of a parsed XML document: its qualified name, attributes, child elements and own text. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

const REFERENCE = /&(#x[0-9a-f]+|#\d+|\w+);/gi;

function decode(text: string): string {
  if (text.replace(REFERENCE, '').includes('&')) throw new Error(`a bare & in ${JSON.stringify(text.slice(0, 80))}`);
  return text.replace(REFERENCE, (whole, ref: string) => {
    if (ref.startsWith('#x') || ref.startsWith('#X')) return String.fromCodePoint(Number.parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(Number(ref.slice(1)));
    const named = NAMED[ref];
    if (named === undefined) throw new Error(`unknown entity ${whole}`);
    return named;
  });
}

const TOKEN =
  /<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<\/([A-Za-z_][\w:.-]*)\s*>|<([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_][\w:.-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|([^<]+)|</g;
const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * The root element of an XML document, for tests that read what a writer produced rather than rebuild its text.
 * Elements, attributes, text and character references only (no DTD, no CDATA); it throws where the document is
 * not well formed in those terms: a stray `<` or `&`, a closing tag that does not match, text outside the root.
 */
export function parseXml(xml: string): XmlElement {
  const open: XmlElement[] = [];
  let root: XmlElement | null = null;
  for (const m of xml.matchAll(TOKEN)) {
    const [token, closing, opening, attributes, selfClosing, text] = m;
    const parent = open[open.length - 1];
    if (token === '<') throw new Error(`stray < at ${m.index}`);
    if (text !== undefined) {
      if (parent) parent.text += decode(text);
      else if (text.trim() !== '') throw new Error(`text outside the root at ${m.index}`);
    } else if (closing !== undefined) {
      if (parent?.name !== closing) throw new Error(`</${closing}> closes <${parent?.name ?? 'nothing'}>`);
      open.pop();
    } else if (opening !== undefined) {
      if (!parent && root) throw new Error(`a second root <${opening}>`);
      const element: XmlElement = { name: opening, attributes: {}, children: [], text: '' };
      for (const [, name = '', double, single] of (attributes ?? '').matchAll(ATTRIBUTE))
        element.attributes[name] = decode(double ?? single ?? '');
      if (parent) parent.children.push(element);
      else root = element;
      if (selfClosing !== '/') open.push(element);
    }
  }
  if (open.length > 0) throw new Error(`<${open[open.length - 1]?.name}> is never closed`);
  if (!root) throw new Error('no root element');
  return root;
}

/** The elements named `name` below `element`, at any depth, in document order. */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [...(child.name === name ? [child] : []), ...descendants(child, name)]);
}
