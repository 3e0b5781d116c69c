import forge from 'node-forge';

/** Thin helpers over node-forge's ASN.1 API, which works on binary strings rather than Buffers. */
export type Asn1 = forge.asn1.Asn1;

const { asn1 } = forge;

export function sequence(items: Asn1[]): Asn1 {
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items);
}

export function objectId(oid: string): Asn1 {
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(oid).getBytes());
}

export function utf8String(text: string): Asn1 {
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.UTF8, false, forge.util.encodeUtf8(text));
}

type FromDer = (bytes: string, options: { strict: boolean; parseAllBytes: boolean; decodeBitStrings: boolean }) => Asn1;

/** Bit strings stay raw: forge would otherwise try to read keyUsage flags as nested ASN.1. */
export function parseDer(bytes: string): Asn1 {
  return (asn1.fromDer as unknown as FromDer)(bytes, { strict: true, parseAllBytes: true, decodeBitStrings: false });
}

export function children(node: Asn1 | undefined): Asn1[] {
  return node !== undefined && Array.isArray(node.value) ? node.value : [];
}

function isUniversal(node: Asn1 | undefined, type: forge.asn1.Type): node is Asn1 {
  return node !== undefined && node.tagClass === asn1.Class.UNIVERSAL && node.type === type;
}

export function isSequence(node: Asn1 | undefined): node is Asn1 {
  return isUniversal(node, asn1.Type.SEQUENCE) && Array.isArray(node.value);
}

export function readOid(node: Asn1 | undefined): string | undefined {
  return isUniversal(node, asn1.Type.OID) && typeof node.value === 'string' ? asn1.derToOid(node.value) : undefined;
}

export function readOctets(node: Asn1 | undefined): string | undefined {
  return isUniversal(node, asn1.Type.OCTETSTRING) && typeof node.value === 'string' ? node.value : undefined;
}

export function readBitString(node: Asn1 | undefined): string | undefined {
  return isUniversal(node, asn1.Type.BITSTRING) && typeof node.value === 'string' ? node.value : undefined;
}

export function readBoolean(node: Asn1 | undefined): boolean | undefined {
  return isUniversal(node, asn1.Type.BOOLEAN) && typeof node.value === 'string' ? node.value !== '\x00' : undefined;
}

const TELETEX = 20;
const UNIVERSAL_STRING = 28;

/** Any DirectoryString choice as a JS string; undefined when the node is not a string type. */
export function readText(node: Asn1 | undefined): string | undefined {
  if (node === undefined || node.tagClass !== asn1.Class.UNIVERSAL || typeof node.value !== 'string') return undefined;
  const raw = node.value;
  switch (node.type as number) {
    case asn1.Type.UTF8:
      return forge.util.decodeUtf8(raw);
    case asn1.Type.BMPSTRING:
      return Buffer.from(raw, 'binary').swap16().toString('utf16le');
    case UNIVERSAL_STRING: {
      const bytes = Buffer.from(raw, 'binary');
      const codePoints: number[] = [];
      for (let i = 0; i + 3 < bytes.length; i += 4) codePoints.push(bytes.readUInt32BE(i));
      return String.fromCodePoint(...codePoints);
    }
    case asn1.Type.PRINTABLESTRING:
    case asn1.Type.IA5STRING:
    case TELETEX:
      return Buffer.from(raw, 'binary').toString('latin1');
    default:
      return undefined;
  }
}
