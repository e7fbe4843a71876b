/**
 * Making a translation of a space (those who may create content in the organization): the
 * language to translate into, the language the space is written in, and instructions for
 * the translator as plain text (a paragraph per line). "Create and run" creates it, then
 * starts its first run. A refusal shows under the form: a field's on that field.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { fieldIssuesOf, messagesAt } from '../api/field-issues';
import { useTRPCClient } from '../api/trpc';
import { FormError } from '../ui/form-error';
import { instructionsDocument } from './instructions-document';
import { spaceTranslationsKey } from './space-translations-query';
import { languageName, languagesByName } from './translation-languages';
import type { TranslationLanguage } from './translation-types';

export function NewTranslationForm({
  organizationId,
  spaceId,
  spaceLanguage,
}: {
  organizationId: string;
  spaceId: string;
  /** The language the space is written in, the source's by default. */
  spaceLanguage: TranslationLanguage;
}) {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const id = useId();
  const [language, setLanguage] = useState<TranslationLanguage | ''>('');
  const [sourceLanguage, setSourceLanguage] = useState<TranslationLanguage>(spaceLanguage);
  const [instructions, setInstructions] = useState('');
  const createAndRun = useMutation({
    mutationFn: async (target: TranslationLanguage) => {
      const translation = await client.translations.create.mutate({
        organizationId,
        language: target,
        source: { space: spaceId, language: sourceLanguage },
        ...(instructions.trim() === '' ? {} : { instructions: instructionsDocument(instructions) }),
      });
      await client.translations.run.mutate({ organizationId, translationId: translation.id });
      return translation;
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: spaceTranslationsKey(organizationId, spaceId) }),
    onSuccess: () => {
      setLanguage('');
      setInstructions('');
    },
  });
  const issues = fieldIssuesOf(createAndRun.error);
  const languageError = messagesAt(issues, 'language').join(' ');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (language !== '') createAndRun.mutate(language);
  };
  const languages = languagesByName();
  return (
    <form className="form translation-form" onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>New translation</h2>
      <div className="translation-form-languages">
        <div className="field">
          <label htmlFor={`${id}-language`}>Translate into</label>
          <select
            id={`${id}-language`}
            required
            value={language}
            onChange={(event) => setLanguage(event.target.value as TranslationLanguage)}
            {...(languageError ? { 'aria-invalid': true, 'aria-describedby': `${id}-language-error` } : {})}
          >
            <option value="">Choose a language</option>
            {languages.map((code) => (
              <option key={code} value={code} disabled={code === sourceLanguage}>
                {languageName(code)}
              </option>
            ))}
          </select>
          {languageError && (
            <p id={`${id}-language-error`} className="field-error">
              {languageError}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-source`}>The space is written in</label>
          <select
            id={`${id}-source`}
            value={sourceLanguage}
            onChange={(event) => setSourceLanguage(event.target.value as TranslationLanguage)}
          >
            {languages.map((code) => (
              <option key={code} value={code}>
                {languageName(code)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-instructions`}>Instructions (optional)</label>
        <textarea
          id={`${id}-instructions`}
          rows={3}
          aria-describedby={`${id}-instructions-hint`}
          value={instructions}
          onChange={(event) => setInstructions(event.target.value)}
        />
        <p id={`${id}-instructions-hint`} className="field-hint">
          Guidance for the translator, such as “Keep product names in English”. Each line is a paragraph.
        </p>
      </div>
      {!languageError && <FormError error={createAndRun.error} />}
      <div>
        <button type="submit" className="button button-primary" disabled={createAndRun.isPending}>
          {createAndRun.isPending ? 'Creating…' : 'Create and run'}
        </button>
      </div>
    </form>
  );
}
