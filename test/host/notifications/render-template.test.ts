import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compileTemplate, renderTemplate } from '../../../src/host/notifications/render-template.js';
import { TemplateStore } from '../../../src/host/notifications/template-store.js';
import { htmlToText, sanitizedHtml, trustedHtml } from '../../../src/host/notifications/safe-html.js';
import { localizedText } from '../../../src/host/notifications/localized-text.js';

const template = compileTemplate('greeting', {
  title: 'Hello {{name}}',
  html: '<p>Hello {{name}}</p><div>{{{body}}}</div>',
  text: 'Hello {{name}}\n{{body}}',
  variables: [{ name: 'name' }, { name: 'body', required: false }],
});

test('escapes variables in the html body but not in the text body', () => {
  const out = renderTemplate(template, { name: '<script>alert("x")</script> & Co' });
  expect(out.html).toBe('<p>Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co</p><div></div>');
  expect(out.text).toBe('Hello <script>alert("x")</script> & Co\n');
  expect(out.title).toBe('Hello <script>alert("x")</script> & Co');
});

test('the raw form passes only values marked as sanitized HTML', () => {
  const plain = renderTemplate(template, { name: 'a', body: '<b>bold</b>' });
  expect(plain.html).toContain('<div>&lt;b&gt;bold&lt;/b&gt;</div>');
  const marked = renderTemplate(template, { name: 'a', body: trustedHtml('<b>bold</b>') });
  expect(marked.html).toContain('<div><b>bold</b></div>');
  expect(marked.text).toBe('Hello a\nbold');
});

test('sanitizedHtml keeps the safe subset and drops scripts and handlers', () => {
  const safe = sanitizedHtml('<p onclick="x()">hi<script>alert(1)</script><a href="javascript:x">l</a></p>');
  expect(safe.html).toBe('<p>hi<a>l</a></p>');
});

test('a missing required variable fails naming it', () => {
  expect(() => renderTemplate(template, {})).toThrow(/needs variables: name/);
});

test('a placeholder that is not declared fails when the template is compiled', () => {
  expect(() => compileTemplate('bad', { title: '{{nmae}}', html: '', text: '', variables: [{ name: 'name' }] })).toThrow(
    /undeclared variable "nmae"/,
  );
});

test('built-in recipient and site variables and dotted paths resolve', () => {
  const t = compileTemplate('t', {
    title: 'x',
    html: '{{recipient.displayName}} {{order.id}}',
    text: '{{site.url}}',
    variables: [{ name: 'order' }],
  });
  const out = renderTemplate(t, { order: { id: 7 }, recipient: { displayName: 'Ann' }, site: { url: 'https://a.example' } });
  expect(out.html).toBe('Ann 7');
  expect(out.text).toBe('https://a.example');
});

test('a title is kept on one line so it cannot inject mail headers', () => {
  const t = compileTemplate('t', { title: 'Hi {{name}}', html: '', text: '', variables: [{ name: 'name' }] });
  expect(renderTemplate(t, { name: 'x\r\nBcc: evil@example.com' }).title).toBe('Hi x Bcc: evil@example.com');
});

test('htmlToText keeps block breaks and decodes entities', () => {
  expect(htmlToText('<p>a &amp; b</p><p>c&#39;d<br>e</p><style>p{}</style>')).toBe("a & b\nc'd\ne");
});

test('template files are read from a directory and checked', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-tpl-'));
  fs.writeFileSync(
    path.join(dir, 'welcome.yaml'),
    'title: Welcome {{name}}\nvariables:\n  - name: name\nhtml: "<b>{{name}}</b>"\ntext: "{{name}}"\n',
  );
  fs.writeFileSync(path.join(dir, 'note.json'), JSON.stringify({ title: 'n', html: 'h', text: 't' }));
  const store = new TemplateStore();
  expect(store.addDirectory(dir)).toEqual(['note', 'welcome']);
  fs.writeFileSync(path.join(dir, 'broken.yaml'), 'title: x\nhtml: y\n');
  expect(() => new TemplateStore().addDirectory(dir)).toThrow(/broken.yaml is invalid/);
});

test('the host templates shipped in templates/notifications are valid', () => {
  const store = new TemplateStore();
  store.addDirectory(path.resolve('templates', 'notifications'));
  for (const id of store.ids()) expect(id).toMatch(/^[a-z0-9.-]+$/);
});

test("renders the bodies and the word values of the reader's language, one language per message (issue 29)", () => {
  const bilingual = compileTemplate('status', {
    title: '{{status}}：{{name}}',
    html: '<p>状态：<b>{{status}}</b></p>',
    text: '状态：{{status}}',
    variables: [{ name: 'status' }, { name: 'name' }],
    i18n: { en: { title: '{{status}}: {{name}}', html: '<p>Status: <b>{{status}}</b></p>' } },
  });
  const variables = { status: localizedText('已授权', 'authorized'), name: 'Shop' };
  expect(renderTemplate(bilingual, variables, 'zh-CN')).toEqual({
    title: '已授权：Shop',
    html: '<p>状态：<b>已授权</b></p>',
    text: '状态：已授权',
  });
  // The English text comes from the English html, never from the Chinese base text.
  expect(renderTemplate(bilingual, variables, 'en')).toEqual({
    title: 'authorized: Shop',
    html: '<p>Status: <b>authorized</b></p>',
    text: htmlToText('<p>Status: <b>authorized</b></p>'),
  });
  // A template without English bodies still gives word values in the reader's language.
  expect(renderTemplate(template, { name: localizedText('朋友', 'friend') }, 'en').title).toBe('Hello friend');
});
