/* global window, document */
// The colour scheme, set on <html> before the stylesheet paints anything, so a visitor in dark mode
// never sees a white page while the app's script loads. Mantine's ColorSchemeScript does the same
// as an inline script, which the Content-Security-Policy forbids; this file is that script, served
// from this origin. It reads what MantineProvider (defaultColorScheme "auto") stores.
try {
  var stored = window.localStorage.getItem('mantine-color-scheme-value');
  var scheme = stored === 'light' || stored === 'dark' || stored === 'auto' ? stored : 'auto';
  var computed = scheme !== 'auto' ? scheme : window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', computed);
} catch {
  // No storage (privacy mode): MantineProvider sets the scheme when the app starts.
}
