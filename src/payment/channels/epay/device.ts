/**
 * epay's `device` for server initiation, from the payer's User-Agent: the gateway then answers what the
 * payer can use (a QR code on a computer, a link or app scheme on a phone or inside the wallet apps).
 */
export function deviceOf(userAgent: string | undefined): 'pc' | 'mobile' | 'wechat' | 'alipay' | 'qq' {
  const ua = userAgent ?? '';
  if (/MicroMessenger/i.test(ua)) return 'wechat';
  if (/AlipayClient/i.test(ua)) return 'alipay';
  if (/\bQQ\//.test(ua)) return 'qq';
  if (/Mobile|Android|iPhone|iPad|HarmonyOS/i.test(ua)) return 'mobile';
  return 'pc';
}
