/** GitBook's hint styles, in the order the editor offers them, with their names for people. */
export const HINT_STYLES = ['info', 'warning', 'danger', 'success'] as const;
export type HintStyle = (typeof HINT_STYLES)[number];

export const HINT_STYLE_NAMES: Record<HintStyle, string> = {
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  success: 'Success',
};

export const isHintStyle = (value: unknown): value is HintStyle =>
  typeof value === 'string' && (HINT_STYLES as readonly string[]).includes(value);
