/**
 * The copy-ready examples of the merchant API documentation page, filled in with this site's platform API
 * address and interface public key. They follow docs/merchant-platform-api.md (where the Python examples are
 * run against a live server); the explanations around them come from the catalogs.
 */

export const LANGUAGES = [
  { id: 'curl', label: 'curl' },
  { id: 'node', label: 'Node.js' },
  { id: 'php', label: 'PHP' },
  { id: 'python', label: 'Python' },
] as const;
export type Language = (typeof LANGUAGES)[number]['id'];

export const SECTIONS = ['initiate', 'query', 'encrypted', 'notify'] as const;
export type Section = (typeof SECTIONS)[number];

export type Examples = Record<Section, Record<Language, string>>;

const ORDER = {
  orderId: 'A1001',
  subject: 'VIP 1 month',
  paymentAmount: '12.30',
  paymentType: 'WALLET_A',
  paymentChannel: 'FACE_TO_FACE_PAYMENT',
  notifyUrl: 'https://shop.example.com/pay/notify',
  returnUrl: 'https://shop.example.com/orders/A1001',
};

/** The helper each language's examples share: one call to the platform API, the envelope unwrapped. */
function helpers(base: string): Record<Exclude<Language, 'curl'>, string> {
  return {
    node: `const BASE = '${base}';
const headers = { Authorization: \`Bearer \${process.env.AUTHPAY_TOKEN}\`, 'Content-Type': 'application/json' };

async function call(method, path, body) {
  const res = await fetch(\`\${BASE}\${path}\`, { method, headers, body: body && JSON.stringify(body) });
  const envelope = await res.json();
  if (!envelope.success) throw new Error(\`\${envelope.code}: \${envelope.message}\`);
  return envelope.data;
}`,
    php: `const BASE = '${base}';

function authpay(string $method, string $path, ?array $body = null): array {
    $ch = curl_init(BASE . $path);
    curl_setopt_array($ch, [
        CURLOPT_CUSTOMREQUEST => $method,
        CURLOPT_RETURNTRANSFER => true,
        CURLOPT_HTTPHEADER => ['Authorization: Bearer ' . getenv('AUTHPAY_TOKEN'), 'Content-Type: application/json'],
        CURLOPT_POSTFIELDS => $body === null ? null : json_encode($body),
    ]);
    $envelope = json_decode(curl_exec($ch), true);
    curl_close($ch);
    if (!$envelope['success']) throw new RuntimeException($envelope['code'] . ': ' . $envelope['message']);
    return $envelope['data'];
}`,
    python: `import json, os, urllib.error, urllib.parse, urllib.request

BASE = "${base}"

def authpay(method, path, body=None):
    req = urllib.request.Request(BASE + path, method=method, data=None if body is None else json.dumps(body).encode(),
                                 headers={"Authorization": "Bearer " + os.environ["AUTHPAY_TOKEN"],
                                          "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req) as res:
            envelope = json.load(res)
    except urllib.error.HTTPError as err:
        envelope = json.load(err)
    if not envelope["success"]:
        raise RuntimeError(f'{envelope["code"]}: {envelope["message"]}')
    return envelope["data"]`,
  };
}

function initiate(base: string): Record<Language, string> {
  const h = helpers(base);
  return {
    curl: `BASE=${base}
TOKEN=<API key>

curl -s "$BASE/initiatePayment" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\
  -d '${JSON.stringify(ORDER)}'`,
    node: `${h.node}

const order = await call('POST', '/initiatePayment', ${JSON.stringify(ORDER, null, 2)});
console.log(order.paymentId, order.qrCode ?? order.payUrl, order.pageUrl);`,
    php: `<?php
${h.php}

$order = authpay('POST', '/initiatePayment', [
${Object.entries(ORDER)
  .map(([k, v]) => `    '${k}' => '${v}',`)
  .join('\n')}
]);
echo $order['paymentId'], ' ', $order['qrCode'] ?? $order['payUrl'], "\\n";`,
    python: `${h.python}

order = authpay("POST", "/initiatePayment", ${JSON.stringify(ORDER, null, 4)})
print(order["paymentId"], order.get("qrCode") or order.get("payUrl"))`,
  };
}

function query(base: string): Record<Language, string> {
  const h = helpers(base);
  return {
    curl: `BASE=${base}
TOKEN=<API key>

curl -s "$BASE/queryPaymentByOrderId?orderId=A1001" -H "Authorization: Bearer $TOKEN"
curl -s "$BASE/queryPaymentByPaymentId?paymentId=<paymentId>" -H "Authorization: Bearer $TOKEN"
curl -s "$BASE/listPaymentInfo?status=SUCCESS&page=1&size=20" -H "Authorization: Bearer $TOKEN"
curl -s -X POST "$BASE/closePayment" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\
  -d '{"orderId":"A1001"}'`,
    node: `${h.node}

const byOrder = await call('GET', \`/queryPaymentByOrderId?orderId=\${encodeURIComponent('A1001')}\`);
console.log(byOrder.status);
const byPayment = await call('GET', \`/queryPaymentByPaymentId?paymentId=\${byOrder.paymentId}\`);
const paid = await call('GET', '/listPaymentInfo?status=SUCCESS&page=1&size=20');
console.log(byPayment.status, paid.total);
await call('POST', '/closePayment', { orderId: 'A1001' });`,
    php: `<?php
${h.php}

$byOrder = authpay('GET', '/queryPaymentByOrderId?orderId=' . urlencode('A1001'));
echo $byOrder['status'], "\\n";
$byPayment = authpay('GET', '/queryPaymentByPaymentId?paymentId=' . urlencode($byOrder['paymentId']));
$paid = authpay('GET', '/listPaymentInfo?status=SUCCESS&page=1&size=20');
echo $byPayment['status'], ' ', $paid['total'], "\\n";
authpay('POST', '/closePayment', ['orderId' => 'A1001']);`,
    python: `${h.python}

by_order = authpay("GET", "/queryPaymentByOrderId?orderId=" + urllib.parse.quote("A1001"))
print(by_order["status"])
by_payment = authpay("GET", "/queryPaymentByPaymentId?paymentId=" + urllib.parse.quote(by_order["paymentId"]))
paid = authpay("GET", "/listPaymentInfo?status=SUCCESS&page=1&size=20")
print(by_payment["status"], paid["total"])
authpay("POST", "/closePayment", {"orderId": "A1001"})`,
  };
}

function encrypted(base: string, publicKey: string): Record<Language, string> {
  const h = helpers(base);
  const request = { ...ORDER, orderId: 'A1002' };
  return {
    curl: `BASE=${base}
TOKEN=<API key>
# JWE: a compact JWE (RSA-OAEP-256, A256GCM) of the initiatePayment JSON with "timestamp" and "nonce",
# made with the interface public key by one of the programs in the other tabs.
curl -s "$BASE/initiatePaymentEncrypt" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: text/plain' --data-raw "$JWE"`,
    node: `// npm install jose
import { CompactEncrypt, importSPKI } from 'jose';
import { randomBytes } from 'node:crypto';

${h.node}

const PUBLIC_KEY = \`${publicKey}\`;
const request = {
${Object.entries(request)
  .map(([k, v]) => `  ${k}: '${v}',`)
  .join('\n')}
  timestamp: Math.floor(Date.now() / 1000),
  nonce: randomBytes(16).toString('base64url'),
};
const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(request)))
  .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
  .encrypt(await importSPKI(PUBLIC_KEY, 'RSA-OAEP-256'));
const order = await call('POST', '/initiatePaymentEncrypt', { payload: jwe });
console.log(order.paymentId);`,
    php: `<?php
// composer require phpseclib/phpseclib:~3.0
use phpseclib3\\Crypt\\PublicKeyLoader;
use phpseclib3\\Crypt\\RSA;

require __DIR__ . '/vendor/autoload.php';

${h.php}

const PUBLIC_KEY = <<<PEM
${publicKey}
PEM;

function b64url(string $bytes): string { return rtrim(strtr(base64_encode($bytes), '+/', '-_'), '='); }

function encrypt_request(array $request, string $publicKeyPem): string {
    $header = b64url(json_encode(['alg' => 'RSA-OAEP-256', 'enc' => 'A256GCM']));
    $cek = random_bytes(32);
    $iv = random_bytes(12);
    $rsa = PublicKeyLoader::load($publicKeyPem)->withPadding(RSA::ENCRYPTION_OAEP)->withHash('sha256')->withMGFHash('sha256');
    $tag = '';
    $ciphertext = openssl_encrypt(json_encode($request), 'aes-256-gcm', $cek, OPENSSL_RAW_DATA, $iv, $tag, $header, 16);
    return implode('.', [$header, b64url($rsa->encrypt($cek)), b64url($iv), b64url($ciphertext), b64url($tag)]);
}

$jwe = encrypt_request([
${Object.entries(request)
  .map(([k, v]) => `    '${k}' => '${v}',`)
  .join('\n')}
    'timestamp' => time(),
    'nonce' => bin2hex(random_bytes(16)),
], PUBLIC_KEY);
$order = authpay('POST', '/initiatePaymentEncrypt', ['payload' => $jwe]);`,
    python: `# pip install cryptography
import base64, secrets, time
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

${h.python}

PUBLIC_KEY = """${publicKey}"""

def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

def encrypt_request(request: dict, public_key_pem: str) -> str:
    header = b64url(json.dumps({"alg": "RSA-OAEP-256", "enc": "A256GCM"}).encode())
    cek, iv = os.urandom(32), os.urandom(12)
    public_key = serialization.load_pem_public_key(public_key_pem.encode())
    encrypted_key = public_key.encrypt(cek, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None))
    sealed = AESGCM(cek).encrypt(iv, json.dumps(request).encode(), header.encode())
    return ".".join([header, b64url(encrypted_key), b64url(iv), b64url(sealed[:-16]), b64url(sealed[-16:])])

request = ${JSON.stringify(request, null, 4).replace(/\n}$/, ',\n    "timestamp": int(time.time()),\n    "nonce": secrets.token_urlsafe(16)\n}')}
order = authpay("POST", "/initiatePaymentEncrypt", {"payload": encrypt_request(request, PUBLIC_KEY)})
print(order["paymentId"])`,
  };
}

function notify(publicKey: string): Record<Language, string> {
  return {
    curl: `# TIMESTAMP and SIGNATURE: the X-AuthPay-Timestamp and X-AuthPay-Signature headers; body.raw: the body as received.
cat > authpay-public.pem <<'PEM'
${publicKey}
PEM
{ printf '%s.' "$TIMESTAMP"; cat body.raw; } > signed.bin
printf '%s' "$SIGNATURE" | base64 -d > signature.bin
openssl dgst -sha256 -verify authpay-public.pem -signature signature.bin signed.bin`,
    node: `import express from 'express';
import { createVerify } from 'node:crypto';

const PUBLIC_KEY = \`${publicKey}\`;
const app = express();

app.post('/pay/notify', express.raw({ type: 'application/json' }), (req, res) => {
  const timestamp = req.get('X-AuthPay-Timestamp') ?? '';
  const ok = createVerify('RSA-SHA256')
    .update(\`\${timestamp}.\${req.body.toString('utf8')}\`)
    .verify(PUBLIC_KEY, req.get('X-AuthPay-Signature') ?? '', 'base64');
  if (!ok || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return res.status(400).end();
  const event = JSON.parse(req.body.toString('utf8'));
  console.log(event.eventId, event.orderId, event.status);
  res.status(204).end();
});`,
    php: `<?php
const PUBLIC_KEY = <<<PEM
${publicKey}
PEM;

$raw = file_get_contents('php://input');
$timestamp = $_SERVER['HTTP_X_AUTHPAY_TIMESTAMP'] ?? '';
$signature = base64_decode($_SERVER['HTTP_X_AUTHPAY_SIGNATURE'] ?? '', true);
$ok = $signature !== false && openssl_verify($timestamp . '.' . $raw, $signature, PUBLIC_KEY, OPENSSL_ALGO_SHA256) === 1;
if (!$ok || abs(time() - (int) $timestamp) > 300) { http_response_code(400); exit; }
$event = json_decode($raw, true);
http_response_code(204);`,
    python: `# pip install cryptography
import base64, time
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding

PUBLIC_KEY = """${publicKey}"""

def verify_notify(raw_body: bytes, timestamp: str, signature_b64: str) -> bool:
    key = serialization.load_pem_public_key(PUBLIC_KEY.encode())
    try:
        key.verify(base64.b64decode(signature_b64), timestamp.encode() + b"." + raw_body, padding.PKCS1v15(), hashes.SHA256())
    except (InvalidSignature, ValueError):
        return False
    return abs(time.time() - int(timestamp)) <= 300`,
  };
}

/** Every example, for the platform API at `base` and the interface public key (SPKI PEM). */
export function examples(base: string, publicKey: string): Examples {
  const key = publicKey.trim();
  return { initiate: initiate(base), query: query(base), encrypted: encrypted(base, key), notify: notify(key) };
}
