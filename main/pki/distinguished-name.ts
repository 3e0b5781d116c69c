import { children, readOid, readText, type Asn1 } from './asn1';

/**
 * OpenSSL (behind X509Certificate) prints one RDN per line in certificate order, short names where they
 * exist (organizationIdentifier has none, so it keeps its long name) and RFC 4514 escapes, so values
 * never contain a raw newline and joining with commas gives the `CN=…,O=…,C=…` form of keyIds.
 */
export function dnFromOpenSsl(multiline: string): string {
  return multiline.split('\n').join(',');
}

export interface NameAttributeValue {
  oid: string;
  /** undefined when the value is not a string type. */
  value: string | undefined;
}

/** Attributes of an X.501 Name in certificate order, read from node-forge's ASN.1 tree. */
export function readName(name: Asn1 | undefined): NameAttributeValue[] {
  return children(name).flatMap((rdn) =>
    children(rdn).flatMap((attribute) => {
      const [typeNode, valueNode] = children(attribute);
      const oid = readOid(typeNode);
      return oid === undefined ? [] : [{ oid, value: readText(valueNode) }];
    }),
  );
}
