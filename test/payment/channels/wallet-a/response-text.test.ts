import { topLevelJsonMembers } from '../../../../src/payment/channels/wallet-a/response-text.js';

describe('topLevelJsonMembers keeps the signed text byte for byte', () => {
  test('returns each top-level member as raw text, escapes and nesting untouched', () => {
    const node =
      '{"code":"10000","msg":"Success","qr_code":"https:\\/\\/qr.alipay.com\\/x","name":"\\u4e2d \\"q\\" }",'
      + '"list":[{"a":[1,2]},{}],"n":1.5,"b":true,"z":null}';
    const text = ` {"alipay_trade_precreate_response" : ${node} ,\n "sign":"abc=="}`;
    const members = topLevelJsonMembers(text);
    expect(members.get('alipay_trade_precreate_response')).toBe(node);
    expect(members.get('sign')).toBe('"abc=="');
    expect(JSON.parse(members.get('alipay_trade_precreate_response')!).qr_code).toBe('https://qr.alipay.com/x');
  });

  test('reads literal members and an empty object', () => {
    expect([...topLevelJsonMembers('{}')]).toEqual([]);
    expect(topLevelJsonMembers('{"a":1,"b":"x"}').get('a')).toBe('1');
  });

  test('throws on text that is not a JSON object', () => {
    for (const text of ['<html>', '[1]', '{"a":', '{"a" 1}', '{"a":1 "b":2}', '{"a":"x']) {
      expect(() => topLevelJsonMembers(text)).toThrow(SyntaxError);
    }
  });
});
