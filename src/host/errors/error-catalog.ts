import { HOST_ERROR_MESSAGES } from './host-error-messages.js';
import { hasChineseText, type Language } from './language.js';

/** The default texts of one error code: zh-CN (the base) and English. */
export interface ErrorTexts {
  zh: string;
  en: string;
}

export type ErrorMessageTable = Readonly<Record<string, ErrorTexts>>;

const catalog = new Map<string, ErrorTexts>();

/**
 * Adds default messages by error code: the host's own are registered here, each service registers its codes
 * through the SDK when it starts. An error that carries no text in the language a request asks for is
 * answered with its code's default from this catalog (docs/errors.md). Registering a code again with the same
 * texts does nothing (a second runtime in one process); other texts for a known code are a programming error.
 */
export function registerErrorMessages(table: ErrorMessageTable): void {
  for (const [code, texts] of Object.entries(table)) {
    if (!texts.zh || !texts.en || !hasChineseText(texts.zh) || hasChineseText(texts.en))
      throw new Error(`error code ${code} needs a Chinese zh and an English en message`);
    const known = catalog.get(code);
    if (known && (known.zh !== texts.zh || known.en !== texts.en))
      throw new Error(`error code ${code} is registered twice with different messages`);
    catalog.set(code, { zh: texts.zh, en: texts.en });
  }
}

/** The code's default message in a language, if the code is registered. */
export function defaultErrorMessage(code: string, language: Language): string | undefined {
  const texts = catalog.get(code);
  return texts && (language === 'en' ? texts.en : texts.zh);
}

/** Every registered code (the test that checks every code in src has both languages reads it). */
export function registeredErrorCodes(): string[] {
  return [...catalog.keys()].sort();
}

registerErrorMessages(HOST_ERROR_MESSAGES);
