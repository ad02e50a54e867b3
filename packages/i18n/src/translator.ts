import type { i18n } from 'i18next';
import i18next from 'i18next';
import type { SupportedLanguage } from './languages';
import type { TranslationKey } from './resources';
import { i18nOptions } from './resources';

/** Values for a message's `{{placeholders}}`, such as `{ seconds: 30 }`. */
export type TranslationValues = Readonly<Record<string, string | number>>;

/** Translates one catalogue key in a fixed language (see {@link createTranslator}). */
export type Translator = (key: TranslationKey, values?: TranslationValues) => string;

let sharedInstance: i18n | undefined;

// One instance for the whole process, created on first use so importing the package has no side
// effect; with bundled resources and `initAsync: false` it is ready as soon as `init` returns.
function instance(): i18n {
  if (sharedInstance === undefined) {
    const created = i18next.createInstance();
    void created.init({ ...i18nOptions });
    sharedInstance = created;
  }
  return sharedInstance;
}

/**
 * A synchronous translator for one language, for the server to answer messages in the request's
 * language (spec §7: accept-language; spec §8 messages). Keys missing in `lang` fall back to English.
 *
 * Values go to i18next as `replace`, never spread into its options, so a value named `lng`, `ns` or
 * `defaultValue` cannot change how the message is looked up. A numeric `count` is also passed as the
 * plural count. Format numbers and money before passing them (with `toIntlLocale(lang)`): i18next
 * would format them for `my`, which to `Intl` is Burmese.
 *
 * @example
 * ```ts
 * const t = createTranslator(normaliseLanguage(request.headers['accept-language']));
 * t(error.key, error.values); // DomainError from @santap/domain
 * createTranslator('my')('errors.otpResendCooldown', { seconds: 30 });
 * // 'Anda boleh meminta OTP baharu dalam 30 saat'
 * ```
 */
export function createTranslator(lang: SupportedLanguage): Translator {
  const t = instance().getFixedT(lang);
  return (key, values) => {
    const count = values?.count;
    return t(key, {
      ...(values === undefined ? {} : { replace: values }),
      ...(typeof count === 'number' ? { count } : {}),
    });
  };
}
