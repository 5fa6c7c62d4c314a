// Readers of the files the portal serves (GPX, iCalendar), strict enough to fail on a malformed one.

/**
 * A strict little XML reader: checks that every tag is closed in order, attributes are quoted,
 * and every `&` starts a known entity; returns the elements met, in document order.
 */
export function parseXml(xml: string): { name: string; attrs: Record<string, string>; text: string }[] {
  const elements: { name: string; attrs: Record<string, string>; text: string }[] = [];
  const stack: { name: string; attrs: Record<string, string>; text: string }[] = [];
  const body = xml.replace(/^<\?xml [^?]*\?>\s*/, '');
  const token = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let last = 0;
  for (const m of body.matchAll(token)) {
    if (m.index !== last) throw new Error(`not well-formed at ${m.index}: ${body.slice(last, last + 40)}`);
    last = m.index + m[0].length;
    const [, closing, name, rawAttrs, selfClosing, text] = m;
    const checkEntities = (s: string) => {
      if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(s)) throw new Error(`bad entity in ${s}`);
      return s
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&');
    };
    if (text !== undefined) {
      if (stack.length === 0 && text.trim()) throw new Error('text outside the root element');
      const top = stack.at(-1);
      if (top) top.text += checkEntities(text);
      continue;
    }
    if (closing) {
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (rawAttrs ?? '').matchAll(/([\w:.-]+)="([^"]*)"/g)) {
      attrs[a[1] as string] = checkEntities(a[2] as string);
    }
    const element = { name: name as string, attrs, text: '' };
    if (stack.length === 0 && elements.length > 0) throw new Error('two root elements');
    elements.push(element);
    if (!selfClosing) stack.push(element);
  }
  if (last !== body.length) throw new Error(`not well-formed at ${last}`);
  if (stack.length) throw new Error(`unclosed <${stack.at(-1)?.name}>`);
  return elements;
}

/** Unfolds an iCalendar text into its content lines. */
export const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');
