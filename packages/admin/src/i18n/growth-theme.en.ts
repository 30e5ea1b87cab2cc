/** Strings of Growth → Themes (the `apptheme` key of en.ts). */
export const growthThemeEn = {
  menu: 'Themes',
  help: 'The brand colours of the app’s light and dark themes, for a festival or your own brand. Empty means the built-in colour. The app picks a change up when it is idle and shows it from its next launch.',
  themes: { light: 'Light theme', dark: 'Dark theme' },
  fields: {
    primary: 'Primary colour',
    button: 'Button colour',
    headerTop: 'Header gradient top',
  },
  fieldHelp: {
    primary: 'Accents, tags, the selected tab and the browser colour',
    button: 'Filled buttons (white text)',
    headerTop: 'Top of the gradient behind page headers',
  },
  builtin: 'Built-in {{colour}}',
  useBuiltin: 'Use built-in',
  reset: 'Reset to built-in',
  save: 'Save themes',
  saved: 'Saved; the app applies the colours at its next launch',
  badHex: 'A colour is #RRGGBB',
  contrast: 'Contrast {{ratio}}',
  contrastAgainst: {
    primary: 'against the page background {{against}} (at least {{min}}:1)',
    button: 'of white button text (at least {{min}}:1)',
  },
  tooLow: 'Too low: the server will refuse it',
  preview: 'Preview (375×812)',
  previewTitle: 'Today',
  previewTag: 'Hot',
  previewButton: 'Read now',
  previewText: 'A new chapter every Friday',
  tabs: { home: 'Home', sort: 'Browse', shelf: 'Shelf', me: 'Me' },
};
