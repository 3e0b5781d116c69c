// The bank's verdict on a signed request, as the Inspector, the flows and the diagnosis of a paste show it.
import Type from 'typebox';
import { CLOSED, flag, integer, nullable, oneOf, text } from './build';

export const SignatureCheck = Type.Object({ id: text(), rule: nullable(integer()), passed: flag(), text: text() }, { title: 'SignatureCheck' });

export const SigningRule = Type.Object(
  { rule: integer(), text: text() },
  { title: 'SigningRule', description: 'A rule of the spec\'s signing profile ("Application-layer signing", Rules) in the spec\'s words.' },
);

const Certificate = Type.Object({
  parsed: flag(),
  problem: Type.Optional(text()),
  subjectDn: Type.Optional(text()),
  issuerDn: Type.Optional(text()),
  serialHex: Type.Optional(text()),
  organizationId: Type.Optional(text()),
  roles: Type.Optional(Type.Array(text())),
  ncaName: Type.Optional(text()),
  ncaId: Type.Optional(text()),
  notBefore: Type.Optional(text()),
  notAfter: Type.Optional(text()),
  fingerprintSha256: Type.Optional(text()),
  purpose: Type.Optional(oneOf(['qwac', 'qseal', 'unknown'], 'What the certificate is for, by its QcType or else its key usages.')),
  trustFramework: Type.Optional(nullable(oneOf(['eidas', 'uk-open-banking']), "The trust framework of the CA it chains to; null: none of the bank's.")),
  trustProblem: Type.Optional(nullable(text(), 'null: chains to a test CA.')),
  validityProblem: Type.Optional(nullable(text(), 'null: valid at the simulated now.')),
  purposeProblem: Type.Optional(nullable(text(), 'null: may sign (QSEAL, digitalSignature/nonRepudiation).')),
  form: text(),
});

/** The bank's verdict on a signed request: valid, or the error it answered with and the check that failed first. */
export const SignatureVerdict = Type.Union([
  Type.Object({ valid: Type.Literal(true) }),
  Type.Object({
    valid: Type.Literal(false),
    code: text(),
    status: integer(),
    text: text(),
    checkId: text(
      'The check that failed first; `refused-before-signature`: the bank refused the signed operation before it checked the signature (a header, the token), `text` its answer, and no check was made.',
    ),
  }),
]);

export const SignatureDiagnosis = Type.Object(
  {
    operation: text(),
    checks: Type.Array(SignatureCheck),
    rules: Type.Array(SigningRule, { description: "Each rule the checks cite, once, in number order, with the spec's sentence: the legend." }),
    verdict: SignatureVerdict,
    digest: Type.Object({ sent: nullable(text()), computed: text() }),
    headersParameter: nullable(Type.Array(text())),
    signingString: nullable(Type.Object({ text: text(), lines: Type.Array(Type.Object({ name: text(), value: nullable(text()) })) })),
    likelySigned: Type.Optional(
      Type.Object(
        { text: text("The string the signature verifies over instead of the bank's."), why: text() },
        { description: "Where the signature verifies over another string than the bank's: the one the TPP most likely signed, and why it differs." },
      ),
    ),
    keyId: nullable(text()),
    algorithm: nullable(text()),
    certificate: nullable(Certificate),
  },
  { title: 'SignatureDiagnosis', description: "The bank's verdict on a signed request (`signature` of an exchange)." },
);

export const PastedRequestKind = oneOf(['http', 'curl', 'har'], 'What a pasted request is: a raw HTTP request, a cURL command, or a HAR 1.2 entry (or log).');

export const DiagnoseRequest = Type.Object(
  {
    kind: PastedRequestKind,
    text: text(),
    tpp: Type.Optional(
      oneOf(
        ['token', 'certificate'],
        'Whom the checks are made as: the TPP the bearer token was issued to (the default, as live), or, when this bank does not know the token, the registered TPP whose organisation the pasted QSEAL carries (`caller.certificateTpp`).',
      ),
    ),
    hashedBody: Type.Optional(
      text(
        "The body the client computed its Digest over, from the client's own log (UTF-8): when no usual change explains a Digest that does not match, the finding names the first byte where the body sent differs from it.",
      ),
    ),
  },
  { title: 'DiagnoseRequest', ...CLOSED },
);

export const HeaderValues = Type.Record(Type.String(), Type.Union([text(), Type.Array(text())]));

export const PastedDiagnosis = Type.Object(
  {
    request: Type.Object(
      { method: text(), url: text(), headers: HeaderValues, body: nullable(text()), bodySize: integer() },
      { description: 'The request as read from the paste; `url` is its path and query, `body` its bytes as UTF-8 text.' },
    ),
    signature: SignatureDiagnosis,
    warnings: Type.Array(text(), {
      description: 'What in the paste does not add up, e.g. a Content-Length that disagrees with the body pasted; empty when nothing.',
    }),
    caller: Type.Object(
      {
        tppId: nullable(text(), 'The TPP the checks were made as; null: none identified, so the QSEAL was not compared with a calling TPP.'),
        by: nullable(
          oneOf(['token', 'certificate', 'qseal'], 'its bearer token; picked by its certificate on request (`tpp`); a registration: its own QSEAL'),
          'How the calling TPP was told; null: not identified (the token unknown to this bank, or absent).',
        ),
        token: oneOf(['known', 'unknown', 'absent'], 'The bearer token as this bank knows it.'),
        certificateTpp: nullable(
          text(),
          "The TPP registered at this bank whose organisation the pasted certificate carries (one chaining to the bank's CAs); null: none.",
        ),
      },
      { description: 'Whom the bank took for the calling TPP: a pasted request comes over no connection.' },
    ),
    findings: Type.Array(
      Type.Object({
        severity: oneOf(['error', 'warning'], 'error: the bank refuses the request; warning: something it could not check.'),
        code: Type.Optional(text()),
        status: Type.Optional(integer()),
        text: text(),
      }),
      {
        description:
          'What was found, worst first: a refusal before the signature check (as live), the signature verdict, then what could not be checked (the calling TPP not identified). Empty only when every check was made and passed.',
      },
    ),
  },
  { title: 'PastedDiagnosis', description: "The bank's diagnosis of a pasted request, made without sending it (`POST /simulator/v1/diagnose`)." },
);
