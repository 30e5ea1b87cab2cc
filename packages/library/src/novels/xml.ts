import { XMLParser } from 'fast-xml-parser';

/**
 * One XML parser setup for EPUB package files. Namespace prefixes are removed, so `mydc:title`,
 * `dc:title` and `title` read the same (Komga's "namespace" fixture uses myopf:/mydc:). Every
 * element is an array, so repeated and single elements are handled alike. No DTD processing.
 */
export const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => !name.startsWith('@'),
});

export type XmlNode = Record<string, unknown>;

export function children(node: unknown, name: string): XmlNode[] {
  if (!node || typeof node !== 'object') return [];
  const value = (node as XmlNode)[name];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((v) => (v !== null && typeof v === 'object' ? (v as XmlNode) : { '#text': v }));
}

export function child(node: unknown, name: string): XmlNode | undefined {
  return children(node, name)[0];
}

export function textOf(node: XmlNode | undefined): string | null {
  if (!node) return null;
  const raw = node['#text'];
  if (raw === undefined || raw === null) return null;
  const text = String(Array.isArray(raw) ? raw.join('') : raw).trim();
  return text === '' ? null : text;
}

export function attr(node: XmlNode | undefined, name: string): string | null {
  const value = node?.[`@${name}`];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
