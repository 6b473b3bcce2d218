/**
 * The names of the output formats of `apictl lint` (src/formatters/ renders each). They live in
 * lint/ because the lint configuration accepts them as well (its `format` key), and formatters/
 * builds on lint's types: both import them from here, and lint never imports from formatters/.
 */
export const FORMAT_NAMES = ['stylish', 'json', 'sarif', 'junit', 'github-actions', 'markdown'] as const;
export type FormatName = (typeof FORMAT_NAMES)[number];
