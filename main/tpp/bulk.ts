/** Bulk pain.001 messages a TPP sends to try the bank at volume (benchmarks, large-payment flows). */
/** A SEPA bulk pain.001 of `count` credit transfers from FRA-ACC-05 of the default dataset, with addresses and remittance. */
export function sepaBulk(count: number): string {
  const amount = '12.34';
  const total = ((1234 * count) / 100).toFixed(2);
  const tx = (i: number): string => `<CdtTrfTxInf><PmtId><EndToEndId>BULK-${i}</EndToEndId></PmtId><Amt><InstdAmt Ccy="EUR">${amount}</InstdAmt></Amt>
<Cdtr><Nm>Transports Girard SARL</Nm><PstlAdr><Ctry>FR</Ctry><AdrLine>12 Rue de la Gare</AdrLine><AdrLine>69001 Lyon</AdrLine></PstlAdr></Cdtr>
<CdtrAcct><Id><IBAN>FR7630004008210001042987126</IBAN></Id></CdtrAcct><RmtInf><Ustrd>Invoice ${100000 + i} delivery batch</Ustrd></RmtInf></CdtTrfTxInf>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn>
<GrpHdr><MsgId>BENCH-BULK</MsgId><CreDtTm>2026-11-20T09:30:00</CreDtTm><NbOfTxs>${count}</NbOfTxs><CtrlSum>${total}</CtrlSum><InitgPty><Nm>Rhein-Main Startup GmbH</Nm></InitgPty></GrpHdr>
<PmtInf><PmtInfId>BENCH-PMT</PmtInfId><PmtMtd>TRF</PmtMtd><PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf><ReqdExctnDt>2027-06-15</ReqdExctnDt>
<Dbtr><Nm>Rhein-Main Startup GmbH</Nm></Dbtr><DbtrAcct><Id><IBAN>DE60500112000001102197</IBAN></Id></DbtrAcct><DbtrAgt><FinInstnId><BIC>NBRBDEFF</BIC></FinInstnId></DbtrAgt><ChrgBr>SLEV</ChrgBr>
${Array.from({ length: count }, (_, i) => tx(i + 1)).join('\n')}
</PmtInf></CstmrCdtTrfInitn></Document>
`;
}
