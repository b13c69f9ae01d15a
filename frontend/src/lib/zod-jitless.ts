/**
 * zod compiles its object parsers with `new Function` where the page allows it, and finds out by
 * trying once. The Content-Security-Policy forbids eval (no 'unsafe-eval'), so the attempt fails as
 * intended, but Chromium reports it as a policy violation on every screen that parses an answer.
 * zod's `jitless` setting skips both the attempt and the compiled parsers (the interpreted ones give
 * the same results). It is set through the global object zod reads its settings from, because
 * calling `z.config` here would bring zod onto the landing page, which never parses anything.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
