import type { Psd2Role } from '../domain/tpp/identity';
import { children, isSequence, objectId, parseDer, readOid, readText, sequence, utf8String, type Asn1 } from './asn1';
import { OID, ROLE_OIDS, roleForOid } from './oids';

/**
 * The qcStatements extension (RFC 3739) as eIDAS PSD2 certificates carry it: QcCompliance, QcType
 * (ETSI EN 319 412-5) and the PSD2 statement of ETSI TS 119 495:
 *   PSD2QcType ::= SEQUENCE { rolesOfPSP RolesOfPSP, nCAName UTF8String, nCAId UTF8String }
 *   RolesOfPSP ::= SEQUENCE OF RoleOfPSP
 *   RoleOfPSP  ::= SEQUENCE { roleOfPspOid OBJECT IDENTIFIER, roleOfPspName UTF8String }
 */

export interface Psd2Attributes {
  roles: readonly Psd2Role[];
  ncaName: string;
  ncaId: string;
}

export interface QcStatements {
  compliance: boolean;
  types: string[];
  /** Role names as the certificate states them: unknown role OIDs keep their roleOfPspName. */
  psd2: { roles: string[]; ncaName: string; ncaId: string } | null;
}

export function encodeQcStatements(qcType: string, psd2: Psd2Attributes): Asn1 {
  const roles = sequence(psd2.roles.map((role) => sequence([objectId(ROLE_OIDS[role]), utf8String(role)])));
  return sequence([
    sequence([objectId(OID.qcCompliance)]),
    sequence([objectId(OID.qcType), sequence([objectId(qcType)])]),
    sequence([objectId(OID.psd2Statement), sequence([roles, utf8String(psd2.ncaName), utf8String(psd2.ncaId)])]),
  ]);
}

/** Throws an Error saying which part is malformed: a PSD2 certificate with an unreadable statement is unusable. */
export function decodeQcStatements(extnValue: string): QcStatements {
  const root = parseDer(extnValue);
  if (!isSequence(root)) throw new Error('the qcStatements extension is not a SEQUENCE');
  const result: QcStatements = { compliance: false, types: [], psd2: null };
  for (const statement of children(root)) {
    const [idNode, info] = children(statement);
    const id = readOid(idNode);
    if (!isSequence(statement) || id === undefined) throw new Error('a QCStatement has no statementId');
    if (id === OID.qcCompliance) result.compliance = true;
    else if (id === OID.qcType) result.types.push(...decodeQcType(info));
    else if (id === OID.psd2Statement) result.psd2 = decodePsd2(info);
  }
  return result;
}

function decodeQcType(info: Asn1 | undefined): string[] {
  if (!isSequence(info)) throw new Error('the QcType statement (0.4.0.1862.1.6) has no SEQUENCE of types');
  return children(info).map((node) => {
    const oid = readOid(node);
    if (oid === undefined) throw new Error('the QcType statement (0.4.0.1862.1.6) lists something other than an OID');
    return oid;
  });
}

function decodePsd2(info: Asn1 | undefined): QcStatements['psd2'] {
  const [rolesNode, ncaNameNode, ncaIdNode] = children(info);
  const ncaName = readText(ncaNameNode);
  const ncaId = readText(ncaIdNode);
  if (!isSequence(info) || !isSequence(rolesNode) || ncaName === undefined || ncaId === undefined) {
    throw new Error('the PSD2 QCStatement (0.4.0.19495.2) is not SEQUENCE { rolesOfPSP, nCAName, nCAId }');
  }
  const roles = children(rolesNode).map((roleNode) => {
    const [oidNode, nameNode] = children(roleNode);
    const oid = readOid(oidNode);
    const name = readText(nameNode);
    if (oid === undefined || name === undefined) {
      throw new Error('a RoleOfPSP in the PSD2 QCStatement is not SEQUENCE { roleOfPspOid, roleOfPspName }');
    }
    return roleForOid(oid) ?? name;
  });
  return { roles, ncaName, ncaId };
}
