#!/usr/bin/env bash
# Writes signing-vectors.json beside this script: signed requests made with openssl alone, so the
# verifier in main/domain/signing is tested against an implementation that is not ours.
# The RSA keys are throwaway test material generated on each run and written into the vectors on
# purpose (tests sign variants with them); never use them for anything else.
# Run: bash test/vectors/make-signing-vectors.sh   (needs bash, openssl, base64 from coreutils)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$work/key.pem" 2>/dev/null
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$work/other-key.pem" 2>/dev/null
openssl pkey -in "$work/key.pem" -pubout -out "$work/public.pem"
# The serial has its top bit set, so DER stores it with a leading zero byte: keyId matching must ignore it.
openssl req -x509 -new -key "$work/key.pem" -sha256 -days 36500 -set_serial 0xC0FFEE1234 \
  -subj "/C=EU/O=PSD2 Workbench Test PKI/CN=PSD2 Workbench Vector Signer" \
  -addext "keyUsage=critical,digitalSignature,nonRepudiation" \
  -out "$work/cert.pem"

serial=$(openssl x509 -in "$work/cert.pem" -noout -serial | sed 's/^serial=//; s/^0*//' | tr 'A-F' 'a-f')
issuer=$(openssl x509 -in "$work/cert.pem" -noout -issuer -nameopt RFC2253 | sed 's/^issuer=//')
key_id="SN=$serial,CA=$issuer"
certificate=$(openssl x509 -in "$work/cert.pem" -outform DER | base64 -w0)

json() {
  local s=$1
  s=${s//\\/\\\\}
  s=${s//\"/\\\"}
  s=${s//$'\n'/\\n}
  s=${s//$'\r'/\\r}
  s=${s//$'\t'/\\t}
  printf '"%s"' "$s"
}

cases=()

# vector NAME OPERATION METHOD PATH BODY_FILE "SIGNED NAMES" [name=value ...]
vector() {
  local name=$1 operation=$2 method=$3 path=$4 body=$5 list=$6
  shift 6
  local digest
  digest="SHA-256=$(openssl dgst -sha256 -binary "$body" | base64 -w0)"
  local -A value=([digest]="$digest")
  local order=(digest)
  local pair
  for pair in "$@"; do
    value[${pair%%=*}]=${pair#*=}
    order+=("${pair%%=*}")
  done

  local signing='' header
  for header in $list; do
    [[ -n $signing ]] && signing+=$'\n'
    signing+="$header: ${value[$header]}"
  done
  printf '%s' "$signing" >"$work/signing-string"
  openssl dgst -sha256 -sign "$work/key.pem" -out "$work/signature.bin" "$work/signing-string"
  openssl dgst -sha256 -verify "$work/public.pem" -signature "$work/signature.bin" "$work/signing-string" >/dev/null
  local signature
  signature=$(base64 -w0 <"$work/signature.bin")

  value[signature]="keyId=\"$key_id\",algorithm=\"rsa-sha256\",headers=\"$list\",signature=\"$signature\""
  value[tpp-signature-certificate]=$certificate
  order+=(signature tpp-signature-certificate)

  local headers='' sep=''
  for header in "${order[@]}"; do
    headers+="$sep      $(json "$header"): $(json "${value[$header]}")"
    sep=$',\n'
  done

  cases+=("    {
      \"name\": $(json "$name"),
      \"operation\": $(json "$operation"),
      \"method\": $(json "$method"),
      \"path\": $(json "$path"),
      \"bodyBase64\": $(json "$(base64 -w0 <"$body")"),
      \"digest\": $(json "$digest"),
      \"headersParameter\": $(json "$list"),
      \"signingString\": $(json "$signing"),
      \"keyId\": $(json "$key_id"),
      \"signature\": $(json "$signature"),
      \"headers\": {
$headers
      }
    }")
}

: >"$work/empty"
printf '%s\n' '<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03">
  <CstmrCdtTrfInitn>
    <GrpHdr><MsgId>VECTOR-1</MsgId><CreDtTm>2026-11-23T09:30:00</CreDtTm><NbOfTxs>1</NbOfTxs><InitgPty><Nm>Müller Straße €</Nm></InitgPty></GrpHdr>
    <PmtInf><PmtInfId>PMT-1</PmtInfId><PmtMtd>TRF</PmtMtd>
      <CdtTrfTxInf><Amt><InstdAmt Ccy="EUR">123.45</InstdAmt></Amt><Cdtr><Nm>Zoë Ångström</Nm></Cdtr><RmtInf><Ustrd>Miete März – Grüße</Ustrd></RmtInf></CdtTrfTxInf>
    </PmtInf>
  </CstmrCdtTrfInitn>
</Document>' >"$work/pain001-newline.xml"
printf '%s' '<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn><GrpHdr><MsgId>VECTOR-2</MsgId><NbOfTxs>1</NbOfTxs></GrpHdr><PmtInf><PmtInfId>PMT-2</PmtInfId></PmtInf></CstmrCdtTrfInitn></Document>' >"$work/pain001-compact.xml"
printf '%s' '{"paymentIds":["PAY-0001-FRA","PAY-0002-FRA"]}' >"$work/basket.json"
printf '%s' '{"account":{"iban":"DE89370400440532013000"},"instructedAmount":{"currency":"EUR","amount":"123.45"}}' >"$work/funds.json"

payments=/frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers

vector payment-initiation-non-ascii-trailing-newline payment-initiation POST "$payments" "$work/pain001-newline.xml" \
  "digest x-request-id psu-id" \
  "content-type=application/xml" "x-request-id=0b5b6c1e-7a0e-4c39-9d59-4f1f3e8f2a01" "psu-id=PSU-FRA-0001" \
  "consent-id=CONSENT-FRA-1" "psu-ip-address=192.0.2.10"

vector payment-initiation-redirect-reordered payment-initiation POST "$payments" "$work/pain001-compact.xml" \
  "psu-id tpp-redirect-uri digest x-request-id" \
  "content-type=application/xml" "x-request-id=1c6c7d2f-8b1f-4d4a-8e6a-5a2a4f9f3b02" "psu-id=PSU-FRA-0002" \
  "tpp-redirect-uri=https://tpp.example/callback?state=a1b2&lang=en" "consent-id=CONSENT-FRA-1"

vector start-authorisation-empty-body start-authorisation POST "$payments/PAY-0001-FRA/authorisations" "$work/empty" \
  "x-request-id psu-id tpp-redirect-uri digest" \
  "x-request-id=2d7d8e3a-9c2a-4e5b-9f7b-6b3b5a0a4c03" "psu-id=PSU-FRA-0003" \
  "tpp-redirect-uri=https://tpp.example/return" "psu-device-id=5e9f0a4b-1d3c-4f6e-8a8c-7c4c6b1b5d04" \
  "psu-ip-address=192.0.2.11" "consent-id=CONSENT-FRA-1"

vector signing-basket-json signing-basket POST /frankfurt/berlingroup/v1/signing-baskets "$work/basket.json" \
  "digest x-request-id psu-id tpp-redirect-uri" \
  "content-type=application/json" "x-request-id=3e8e9f4b-ad3b-4f6c-8a8d-7d5d6c2c6e05" "psu-id=PSU-FRA-0003" \
  "tpp-redirect-uri=https://tpp.example/basket-return?state=xyz" "consent-id=CONSENT-FRA-1"

vector payment-cancellation-empty-body payment-cancellation DELETE "$payments/PAY-0001-FRA" "$work/empty" \
  "digest x-request-id" \
  "x-request-id=4f9fa05c-be4c-4a7d-9b9e-8e6e7d3d7f06" "consent-id=CONSENT-FRA-1"

vector payment-cancellation-all-present payment-cancellation DELETE "$payments/PAY-0002-FRA" "$work/empty" \
  "tpp-redirect-uri digest psu-id x-request-id" \
  "x-request-id=5a0ab16d-cf5d-4b8e-8caf-9f7f8e4e8a07" "psu-id=PSU-FRA-0001" \
  "tpp-redirect-uri=https://tpp.example/cancelled" "consent-id=CONSENT-FRA-1"

vector funds-confirmation-json funds-confirmation POST /frankfurt/berlingroup/v1/funds-confirmations "$work/funds.json" \
  "x-request-id digest" \
  "content-type=application/json" "x-request-id=6b1bc27e-d06e-4c9f-9dba-a08a9f5f9b08" "consent-id=CONSENT-FRA-2"

{
  printf '{\n'
  printf '  "comment": %s,\n' "$(json "Generated by test/vectors/make-signing-vectors.sh with $(openssl version | cut -d' ' -f1-2). Throwaway test keys; do not reuse.")"
  printf '  "emptyBodyDigest": "SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",\n'
  printf '  "certificatePem": %s,\n' "$(json "$(cat "$work/cert.pem")")"
  printf '  "privateKeyPem": %s,\n' "$(json "$(cat "$work/key.pem")")"
  printf '  "otherPrivateKeyPem": %s,\n' "$(json "$(cat "$work/other-key.pem")")"
  printf '  "keyId": %s,\n' "$(json "$key_id")"
  printf '  "cases": [\n'
  for i in "${!cases[@]}"; do
    printf '%s' "${cases[$i]}"
    if ((i < ${#cases[@]} - 1)); then printf ',\n'; else printf '\n'; fi
  done
  printf '  ]\n}\n'
} >"$here/signing-vectors.json"

empty_digest=$(openssl dgst -sha256 -binary "$work/empty" | base64 -w0)
[[ $empty_digest == '47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=' ]] || { echo "unexpected empty-body digest $empty_digest" >&2; exit 1; }
echo "wrote $here/signing-vectors.json (${#cases[@]} cases)"
