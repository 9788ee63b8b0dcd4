import { useMutation } from '@tanstack/react-query';
import { Cell, Radio, Section } from '@telegram-apps/telegram-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../protocol/languages.ts';
import { updateLanguage } from '../../api/updateLanguage.ts';
import { updateUser } from '../../app/session.ts';
import { currentLanguage, showLanguage } from '../../i18n/i18n.ts';
import { selectionHaptic } from '../../platform/telegram.ts';

/**
 * The language switch (issue 23): the app changes at once, and the choice is saved on the account so
 * it follows the player to another device and to the bot. Each language is named in itself.
 */
export function LanguageSection() {
  const { t } = useTranslation();
  // The tapped language is checked at once, while its texts load (a chunk of their own).
  const [chosen, setChosen] = useState<Language | null>(null);
  const shown = chosen ?? currentLanguage();
  const saving = useMutation({
    mutationFn: updateLanguage,
    onSuccess: ({ user }) => updateUser(user),
    onError: (error) => console.error('Failed to save the language', error),
  });
  const choose = (language: Language) => {
    selectionHaptic();
    setChosen(language);
    void showLanguage(language);
    saving.mutate({ language });
  };
  return (
    <Section
      header={t('language.title')}
      footer={saving.isError ? <span role="alert">{t('language.failed')}</span> : t('language.hint')}
      aria-label={t('language.title')}
    >
      {LANGUAGES.map((language) => (
        <Cell
          key={language}
          Component="label"
          lang={language}
          before={<Radio name="language" value={language} checked={language === shown} onChange={() => choose(language)} />}
        >
          {LANGUAGE_NAMES[language]}
        </Cell>
      ))}
    </Section>
  );
}
