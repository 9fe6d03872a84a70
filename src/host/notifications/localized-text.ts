import { DEFAULT_LANGUAGE, type Language } from '../errors/language.js';

/**
 * A variable's value in every language (the status of a record, a reason, "永久授权" / "permanent"): the
 * notification center renders each recipient's message with the text of that recipient's language, so a
 * sender never picks a language nor writes two into one string.
 */
export class LocalizedText {
  constructor(readonly texts: Readonly<Record<Language, string>>) {}

  in(language: Language): string {
    return this.texts[language] ?? this.texts[DEFAULT_LANGUAGE];
  }
}

/** `localizedText('已授权', 'authorized')`: the zh-CN text, then the English one. */
export function localizedText(zhCN: string, en: string): LocalizedText {
  return new LocalizedText({ 'zh-CN': zhCN, en });
}
