/**
 * Settings of the block the cursor is in, shown under the toolbar only while they apply: the
 * language of a code block (a labelled text field, saved as the fence's info string, ```ts)
 * and the style of a hint (a Radix toggle group, one radio per style) with a way out of it.
 * Enter or Escape in the language field gives focus back to the text. GitBook's other
 * settings (a tab's title, a code block's title and line numbers, an image's caption, an
 * embed's address...) follow, from `gitbook-fields.tsx`.
 */
import { type Editor, useEditorState } from '@tiptap/react';
import { ToggleGroup } from 'radix-ui';
import { useId } from 'react';
import { GitBookFields } from './gitbook-fields';
import { HINT_STYLE_NAMES, HINT_STYLES, isHintStyle } from './hint-styles';

/** Languages offered as suggestions; any other word is accepted. */
const LANGUAGES = [
  'bash',
  'css',
  'go',
  'html',
  'java',
  'js',
  'json',
  'jsx',
  'python',
  'ruby',
  'rust',
  'sh',
  'sql',
  'ts',
  'tsx',
  'yaml',
];

/** An info string is one word: whitespace would split it and a backtick would end the fence. */
const languageOf = (typed: string) => typed.replace(/[\s`]/g, '');

interface BlockState {
  codeLanguage: string | undefined;
  hintStyle: string | undefined;
}

export function BlockSettings({ editor }: { editor: Editor }) {
  const id = useId();
  const { codeLanguage, hintStyle } = useEditorState({
    editor,
    selector: ({ editor: current }): BlockState => ({
      codeLanguage: current.isActive('codeBlock')
        ? String(current.getAttributes('codeBlock').language ?? '')
        : undefined,
      hintStyle: current.isActive('hint') ? String(current.getAttributes('hint').style ?? 'info') : undefined,
    }),
  });
  return (
    <div className="editor-block-settings">
      <GitBookFields editor={editor} />
      {codeLanguage !== undefined && (
        <fieldset className="editor-block-setting" aria-label="Code block">
          <label htmlFor={id + 'language'}>Code language</label>
          <input
            id={id + 'language'}
            type="text"
            list={id + 'languages'}
            placeholder="none"
            autoComplete="off"
            spellCheck={false}
            size={10}
            value={codeLanguage}
            onChange={(event) => {
              const language = languageOf(event.target.value);
              editor
                .chain()
                .updateAttributes('codeBlock', { language: language === '' ? null : language })
                .run();
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' && event.key !== 'Escape') return;
              event.preventDefault();
              editor.view.focus();
            }}
          />
          <datalist id={id + 'languages'}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language} />
            ))}
          </datalist>
        </fieldset>
      )}
      {hintStyle !== undefined && (
        <fieldset className="editor-block-setting" aria-label="Hint">
          <span id={id + 'hint-style'}>Hint style</span>
          <ToggleGroup.Root
            type="single"
            className="editor-hint-styles"
            aria-labelledby={id + 'hint-style'}
            value={hintStyle}
            onValueChange={(style) => {
              // Radix reports '' when the pressed item is pressed again: the style stays.
              if (isHintStyle(style)) editor.chain().updateAttributes('hint', { style }).run();
            }}
          >
            {HINT_STYLES.map((style) => (
              <ToggleGroup.Item key={style} value={style} className="editor-tool">
                {HINT_STYLE_NAMES[style]}
              </ToggleGroup.Item>
            ))}
          </ToggleGroup.Root>
          <button
            type="button"
            className="editor-tool"
            onClick={() => editor.chain().focus().lift('hint').run()}
          >
            Remove hint
          </button>
        </fieldset>
      )}
    </div>
  );
}
