/**
 * The element structure of pain.001.001.03 (Customer Credit Transfer Initiation V03)
 * as the project enforces it: every complex type reachable from Document, written out
 * from the ISO 20022 schema. Each entry is a sequence (order matters), a choice (exactly
 * one alternative) or a value with attributes. Particles are [name, type, minOccurs,
 * maxOccurs], defaulting to exactly once.
 */

export const UNBOUNDED = Number.POSITIVE_INFINITY;

export interface Particle {
  name: string;
  type: string;
  min: number;
  max: number;
}

export interface AttributeDeclaration {
  name: string;
  type: string;
  required: boolean;
}

export interface ModelGroup {
  kind: 'sequence' | 'choice';
  particles: readonly Particle[];
  /** Index of each particle by element name. */
  positions: ReadonlyMap<string, number>;
}

export type ComplexType = ModelGroup | { kind: 'simpleContent'; valueType: string; attributes: readonly AttributeDeclaration[] };

type ParticleSpec = [name: string, type: string, min?: number, max?: number];

function group(kind: 'sequence' | 'choice', specs: ParticleSpec[]): ComplexType {
  const particles = specs.map(([name, type, min = 1, max = 1]) => ({ name, type, min, max }));
  return { kind, particles, positions: new Map(particles.map((p, i) => [p.name, i])) };
}

const sequence = (...specs: ParticleSpec[]): ComplexType => group('sequence', specs);
const choice = (...specs: ParticleSpec[]): ComplexType => group('choice', specs);
const simpleContent = (valueType: string, [name, type, required]: [string, string, boolean]): ComplexType => ({
  kind: 'simpleContent',
  valueType,
  attributes: [{ name, type, required }],
});

export const DOCUMENT_TYPE = 'Document';

export const COMPLEX_TYPES: Readonly<Record<string, ComplexType>> = {
  AccountIdentification4Choice: choice(['IBAN', 'IBAN2007Identifier'], ['Othr', 'GenericAccountIdentification1']),
  AccountSchemeName1Choice: choice(['Cd', 'ExternalAccountIdentification1Code'], ['Prtry', 'Max35Text']),
  ActiveOrHistoricCurrencyAndAmount: simpleContent('ActiveOrHistoricCurrencyAndAmount_SimpleType', ['Ccy', 'ActiveOrHistoricCurrencyCode', true]),
  AmountType3Choice: choice(['InstdAmt', 'ActiveOrHistoricCurrencyAndAmount'], ['EqvtAmt', 'EquivalentAmount2']),
  Authorisation1Choice: choice(['Cd', 'Authorisation1Code'], ['Prtry', 'Max128Text']),
  BranchAndFinancialInstitutionIdentification4: sequence(['FinInstnId', 'FinancialInstitutionIdentification7'], ['BrnchId', 'BranchData2', 0, 1]),
  BranchData2: sequence(['Id', 'Max35Text', 0, 1], ['Nm', 'Max140Text', 0, 1], ['PstlAdr', 'PostalAddress6', 0, 1]),
  CashAccount16: sequence(
    ['Id', 'AccountIdentification4Choice'],
    ['Tp', 'CashAccountType2', 0, 1],
    ['Ccy', 'ActiveOrHistoricCurrencyCode', 0, 1],
    ['Nm', 'Max70Text', 0, 1],
  ),
  CashAccountType2: choice(['Cd', 'CashAccountType4Code'], ['Prtry', 'Max35Text']),
  CategoryPurpose1Choice: choice(['Cd', 'ExternalCategoryPurpose1Code'], ['Prtry', 'Max35Text']),
  Cheque6: sequence(
    ['ChqTp', 'ChequeType2Code', 0, 1],
    ['ChqNb', 'Max35Text', 0, 1],
    ['ChqFr', 'NameAndAddress10', 0, 1],
    ['DlvryMtd', 'ChequeDeliveryMethod1Choice', 0, 1],
    ['DlvrTo', 'NameAndAddress10', 0, 1],
    ['InstrPrty', 'Priority2Code', 0, 1],
    ['ChqMtrtyDt', 'ISODate', 0, 1],
    ['FrmsCd', 'Max35Text', 0, 1],
    ['MemoFld', 'Max35Text', 0, 2],
    ['RgnlClrZone', 'Max35Text', 0, 1],
    ['PrtLctn', 'Max35Text', 0, 1],
  ),
  ChequeDeliveryMethod1Choice: choice(['Cd', 'ChequeDelivery1Code'], ['Prtry', 'Max35Text']),
  ClearingSystemIdentification2Choice: choice(['Cd', 'ExternalClearingSystemIdentification1Code'], ['Prtry', 'Max35Text']),
  ClearingSystemMemberIdentification2: sequence(['ClrSysId', 'ClearingSystemIdentification2Choice', 0, 1], ['MmbId', 'Max35Text']),
  ContactDetails2: sequence(
    ['NmPrfx', 'NamePrefix1Code', 0, 1],
    ['Nm', 'Max140Text', 0, 1],
    ['PhneNb', 'PhoneNumber', 0, 1],
    ['MobNb', 'PhoneNumber', 0, 1],
    ['FaxNb', 'PhoneNumber', 0, 1],
    ['EmailAdr', 'Max2048Text', 0, 1],
    ['Othr', 'Max35Text', 0, 1],
  ),
  CreditTransferTransactionInformation10: sequence(
    ['PmtId', 'PaymentIdentification1'],
    ['PmtTpInf', 'PaymentTypeInformation19', 0, 1],
    ['Amt', 'AmountType3Choice'],
    ['XchgRateInf', 'ExchangeRateInformation1', 0, 1],
    ['ChrgBr', 'ChargeBearerType1Code', 0, 1],
    ['ChqInstr', 'Cheque6', 0, 1],
    ['UltmtDbtr', 'PartyIdentification32', 0, 1],
    ['IntrmyAgt1', 'BranchAndFinancialInstitutionIdentification4', 0, 1],
    ['IntrmyAgt1Acct', 'CashAccount16', 0, 1],
    ['IntrmyAgt2', 'BranchAndFinancialInstitutionIdentification4', 0, 1],
    ['IntrmyAgt2Acct', 'CashAccount16', 0, 1],
    ['IntrmyAgt3', 'BranchAndFinancialInstitutionIdentification4', 0, 1],
    ['IntrmyAgt3Acct', 'CashAccount16', 0, 1],
    ['CdtrAgt', 'BranchAndFinancialInstitutionIdentification4', 0, 1],
    ['CdtrAgtAcct', 'CashAccount16', 0, 1],
    ['Cdtr', 'PartyIdentification32', 0, 1],
    ['CdtrAcct', 'CashAccount16', 0, 1],
    ['UltmtCdtr', 'PartyIdentification32', 0, 1],
    ['InstrForCdtrAgt', 'InstructionForCreditorAgent1', 0, UNBOUNDED],
    ['InstrForDbtrAgt', 'Max140Text', 0, 1],
    ['Purp', 'Purpose2Choice', 0, 1],
    ['RgltryRptg', 'RegulatoryReporting3', 0, 10],
    ['Tax', 'TaxInformation3', 0, 1],
    ['RltdRmtInf', 'RemittanceLocation2', 0, 10],
    ['RmtInf', 'RemittanceInformation5', 0, 1],
  ),
  CreditorReferenceInformation2: sequence(['Tp', 'CreditorReferenceType2', 0, 1], ['Ref', 'Max35Text', 0, 1]),
  CreditorReferenceType1Choice: choice(['Cd', 'DocumentType3Code'], ['Prtry', 'Max35Text']),
  CreditorReferenceType2: sequence(['CdOrPrtry', 'CreditorReferenceType1Choice'], ['Issr', 'Max35Text', 0, 1]),
  CustomerCreditTransferInitiationV03: sequence(['GrpHdr', 'GroupHeader32'], ['PmtInf', 'PaymentInstructionInformation3', 1, UNBOUNDED]),
  DateAndPlaceOfBirth: sequence(['BirthDt', 'ISODate'], ['PrvcOfBirth', 'Max35Text', 0, 1], ['CityOfBirth', 'Max35Text'], ['CtryOfBirth', 'CountryCode']),
  DatePeriodDetails: sequence(['FrDt', 'ISODate'], ['ToDt', 'ISODate']),
  Document: sequence(['CstmrCdtTrfInitn', 'CustomerCreditTransferInitiationV03']),
  DocumentAdjustment1: sequence(
    ['Amt', 'ActiveOrHistoricCurrencyAndAmount'],
    ['CdtDbtInd', 'CreditDebitCode', 0, 1],
    ['Rsn', 'Max4Text', 0, 1],
    ['AddtlInf', 'Max140Text', 0, 1],
  ),
  EquivalentAmount2: sequence(['Amt', 'ActiveOrHistoricCurrencyAndAmount'], ['CcyOfTrf', 'ActiveOrHistoricCurrencyCode']),
  ExchangeRateInformation1: sequence(['XchgRate', 'BaseOneRate', 0, 1], ['RateTp', 'ExchangeRateType1Code', 0, 1], ['CtrctId', 'Max35Text', 0, 1]),
  FinancialIdentificationSchemeName1Choice: choice(['Cd', 'ExternalFinancialInstitutionIdentification1Code'], ['Prtry', 'Max35Text']),
  FinancialInstitutionIdentification7: sequence(
    ['BIC', 'BICIdentifier', 0, 1],
    ['ClrSysMmbId', 'ClearingSystemMemberIdentification2', 0, 1],
    ['Nm', 'Max140Text', 0, 1],
    ['PstlAdr', 'PostalAddress6', 0, 1],
    ['Othr', 'GenericFinancialIdentification1', 0, 1],
  ),
  GenericAccountIdentification1: sequence(['Id', 'Max34Text'], ['SchmeNm', 'AccountSchemeName1Choice', 0, 1], ['Issr', 'Max35Text', 0, 1]),
  GenericFinancialIdentification1: sequence(['Id', 'Max35Text'], ['SchmeNm', 'FinancialIdentificationSchemeName1Choice', 0, 1], ['Issr', 'Max35Text', 0, 1]),
  GenericOrganisationIdentification1: sequence(
    ['Id', 'Max35Text'],
    ['SchmeNm', 'OrganisationIdentificationSchemeName1Choice', 0, 1],
    ['Issr', 'Max35Text', 0, 1],
  ),
  GenericPersonIdentification1: sequence(['Id', 'Max35Text'], ['SchmeNm', 'PersonIdentificationSchemeName1Choice', 0, 1], ['Issr', 'Max35Text', 0, 1]),
  GroupHeader32: sequence(
    ['MsgId', 'Max35Text'],
    ['CreDtTm', 'ISODateTime'],
    ['Authstn', 'Authorisation1Choice', 0, 2],
    ['NbOfTxs', 'Max15NumericText'],
    ['CtrlSum', 'DecimalNumber', 0, 1],
    ['InitgPty', 'PartyIdentification32'],
    ['FwdgAgt', 'BranchAndFinancialInstitutionIdentification4', 0, 1],
  ),
  InstructionForCreditorAgent1: sequence(['Cd', 'Instruction3Code', 0, 1], ['InstrInf', 'Max140Text', 0, 1]),
  LocalInstrument2Choice: choice(['Cd', 'ExternalLocalInstrument1Code'], ['Prtry', 'Max35Text']),
  NameAndAddress10: sequence(['Nm', 'Max140Text'], ['Adr', 'PostalAddress6']),
  OrganisationIdentification4: sequence(['BICOrBEI', 'AnyBICIdentifier', 0, 1], ['Othr', 'GenericOrganisationIdentification1', 0, UNBOUNDED]),
  OrganisationIdentificationSchemeName1Choice: choice(['Cd', 'ExternalOrganisationIdentification1Code'], ['Prtry', 'Max35Text']),
  Party6Choice: choice(['OrgId', 'OrganisationIdentification4'], ['PrvtId', 'PersonIdentification5']),
  PartyIdentification32: sequence(
    ['Nm', 'Max140Text', 0, 1],
    ['PstlAdr', 'PostalAddress6', 0, 1],
    ['Id', 'Party6Choice', 0, 1],
    ['CtryOfRes', 'CountryCode', 0, 1],
    ['CtctDtls', 'ContactDetails2', 0, 1],
  ),
  PaymentIdentification1: sequence(['InstrId', 'Max35Text', 0, 1], ['EndToEndId', 'Max35Text']),
  PaymentInstructionInformation3: sequence(
    ['PmtInfId', 'Max35Text'],
    ['PmtMtd', 'PaymentMethod3Code'],
    ['BtchBookg', 'BatchBookingIndicator', 0, 1],
    ['NbOfTxs', 'Max15NumericText', 0, 1],
    ['CtrlSum', 'DecimalNumber', 0, 1],
    ['PmtTpInf', 'PaymentTypeInformation19', 0, 1],
    ['ReqdExctnDt', 'ISODate'],
    ['PoolgAdjstmntDt', 'ISODate', 0, 1],
    ['Dbtr', 'PartyIdentification32'],
    ['DbtrAcct', 'CashAccount16'],
    ['DbtrAgt', 'BranchAndFinancialInstitutionIdentification4'],
    ['DbtrAgtAcct', 'CashAccount16', 0, 1],
    ['UltmtDbtr', 'PartyIdentification32', 0, 1],
    ['ChrgBr', 'ChargeBearerType1Code', 0, 1],
    ['ChrgsAcct', 'CashAccount16', 0, 1],
    ['ChrgsAcctAgt', 'BranchAndFinancialInstitutionIdentification4', 0, 1],
    ['CdtTrfTxInf', 'CreditTransferTransactionInformation10', 1, UNBOUNDED],
  ),
  PaymentTypeInformation19: sequence(
    ['InstrPrty', 'Priority2Code', 0, 1],
    ['SvcLvl', 'ServiceLevel8Choice', 0, 1],
    ['LclInstrm', 'LocalInstrument2Choice', 0, 1],
    ['CtgyPurp', 'CategoryPurpose1Choice', 0, 1],
  ),
  PersonIdentification5: sequence(['DtAndPlcOfBirth', 'DateAndPlaceOfBirth', 0, 1], ['Othr', 'GenericPersonIdentification1', 0, UNBOUNDED]),
  PersonIdentificationSchemeName1Choice: choice(['Cd', 'ExternalPersonIdentification1Code'], ['Prtry', 'Max35Text']),
  PostalAddress6: sequence(
    ['AdrTp', 'AddressType2Code', 0, 1],
    ['Dept', 'Max70Text', 0, 1],
    ['SubDept', 'Max70Text', 0, 1],
    ['StrtNm', 'Max70Text', 0, 1],
    ['BldgNb', 'Max16Text', 0, 1],
    ['PstCd', 'Max16Text', 0, 1],
    ['TwnNm', 'Max35Text', 0, 1],
    ['CtrySubDvsn', 'Max35Text', 0, 1],
    ['Ctry', 'CountryCode', 0, 1],
    ['AdrLine', 'Max70Text', 0, 7],
  ),
  Purpose2Choice: choice(['Cd', 'ExternalPurpose1Code'], ['Prtry', 'Max35Text']),
  ReferredDocumentInformation3: sequence(['Tp', 'ReferredDocumentType2', 0, 1], ['Nb', 'Max35Text', 0, 1], ['RltdDt', 'ISODate', 0, 1]),
  ReferredDocumentType1Choice: choice(['Cd', 'DocumentType5Code'], ['Prtry', 'Max35Text']),
  ReferredDocumentType2: sequence(['CdOrPrtry', 'ReferredDocumentType1Choice'], ['Issr', 'Max35Text', 0, 1]),
  RegulatoryAuthority2: sequence(['Nm', 'Max140Text', 0, 1], ['Ctry', 'CountryCode', 0, 1]),
  RegulatoryReporting3: sequence(
    ['DbtCdtRptgInd', 'RegulatoryReportingType1Code', 0, 1],
    ['Authrty', 'RegulatoryAuthority2', 0, 1],
    ['Dtls', 'StructuredRegulatoryReporting3', 0, UNBOUNDED],
  ),
  RemittanceAmount1: sequence(
    ['DuePyblAmt', 'ActiveOrHistoricCurrencyAndAmount', 0, 1],
    ['DscntApldAmt', 'ActiveOrHistoricCurrencyAndAmount', 0, 1],
    ['CdtNoteAmt', 'ActiveOrHistoricCurrencyAndAmount', 0, 1],
    ['TaxAmt', 'ActiveOrHistoricCurrencyAndAmount', 0, 1],
    ['AdjstmntAmtAndRsn', 'DocumentAdjustment1', 0, UNBOUNDED],
    ['RmtdAmt', 'ActiveOrHistoricCurrencyAndAmount', 0, 1],
  ),
  RemittanceInformation5: sequence(['Ustrd', 'Max140Text', 0, UNBOUNDED], ['Strd', 'StructuredRemittanceInformation7', 0, UNBOUNDED]),
  RemittanceLocation2: sequence(
    ['RmtId', 'Max35Text', 0, 1],
    ['RmtLctnMtd', 'RemittanceLocationMethod2Code', 0, 1],
    ['RmtLctnElctrncAdr', 'Max2048Text', 0, 1],
    ['RmtLctnPstlAdr', 'NameAndAddress10', 0, 1],
  ),
  ServiceLevel8Choice: choice(['Cd', 'ExternalServiceLevel1Code'], ['Prtry', 'Max35Text']),
  StructuredRegulatoryReporting3: sequence(
    ['Tp', 'Max35Text', 0, 1],
    ['Dt', 'ISODate', 0, 1],
    ['Ctry', 'CountryCode', 0, 1],
    ['Cd', 'Max10Text', 0, 1],
    ['Amt', 'ActiveOrHistoricCurrencyAndAmount', 0, 1],
    ['Inf', 'Max35Text', 0, UNBOUNDED],
  ),
  StructuredRemittanceInformation7: sequence(
    ['RfrdDocInf', 'ReferredDocumentInformation3', 0, UNBOUNDED],
    ['RfrdDocAmt', 'RemittanceAmount1', 0, 1],
    ['CdtrRefInf', 'CreditorReferenceInformation2', 0, 1],
    ['Invcr', 'PartyIdentification32', 0, 1],
    ['Invcee', 'PartyIdentification32', 0, 1],
    ['AddtlRmtInf', 'Max140Text', 0, 3],
  ),
  TaxAmount1: sequence(
    ['Rate', 'PercentageRate', 0, 1],
    ['TaxblBaseAmt', 'ActiveOrHistoricCurrencyAndAmount', 0, 1],
    ['TtlAmt', 'ActiveOrHistoricCurrencyAndAmount', 0, 1],
    ['Dtls', 'TaxRecordDetails1', 0, UNBOUNDED],
  ),
  TaxAuthorisation1: sequence(['Titl', 'Max35Text', 0, 1], ['Nm', 'Max140Text', 0, 1]),
  TaxInformation3: sequence(
    ['Cdtr', 'TaxParty1', 0, 1],
    ['Dbtr', 'TaxParty2', 0, 1],
    ['AdmstnZn', 'Max35Text', 0, 1],
    ['RefNb', 'Max140Text', 0, 1],
    ['Mtd', 'Max35Text', 0, 1],
    ['TtlTaxblBaseAmt', 'ActiveOrHistoricCurrencyAndAmount', 0, 1],
    ['TtlTaxAmt', 'ActiveOrHistoricCurrencyAndAmount', 0, 1],
    ['Dt', 'ISODate', 0, 1],
    ['SeqNb', 'Number', 0, 1],
    ['Rcrd', 'TaxRecord1', 0, UNBOUNDED],
  ),
  TaxParty1: sequence(['TaxId', 'Max35Text', 0, 1], ['RegnId', 'Max35Text', 0, 1], ['TaxTp', 'Max35Text', 0, 1]),
  TaxParty2: sequence(['TaxId', 'Max35Text', 0, 1], ['RegnId', 'Max35Text', 0, 1], ['TaxTp', 'Max35Text', 0, 1], ['Authstn', 'TaxAuthorisation1', 0, 1]),
  TaxPeriod1: sequence(['Yr', 'ISODate', 0, 1], ['Tp', 'TaxRecordPeriod1Code', 0, 1], ['FrToDt', 'DatePeriodDetails', 0, 1]),
  TaxRecord1: sequence(
    ['Tp', 'Max35Text', 0, 1],
    ['Ctgy', 'Max35Text', 0, 1],
    ['CtgyDtls', 'Max35Text', 0, 1],
    ['DbtrSts', 'Max35Text', 0, 1],
    ['CertId', 'Max35Text', 0, 1],
    ['FrmsCd', 'Max35Text', 0, 1],
    ['Prd', 'TaxPeriod1', 0, 1],
    ['TaxAmt', 'TaxAmount1', 0, 1],
    ['AddtlInf', 'Max140Text', 0, 1],
  ),
  TaxRecordDetails1: sequence(['Prd', 'TaxPeriod1', 0, 1], ['Amt', 'ActiveOrHistoricCurrencyAndAmount']),
};
