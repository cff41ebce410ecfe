/**
 * The web's import rules that need resolved paths (Biome's noRestrictedImports sees only the
 * specifier text, and `../exchange/x` from one feature into another names no "features" folder).
 * Imports flow components|lib → features → app; a feature never imports another feature: what two
 * features share lives in lib/ or components/, and app/ composes a page of two domains
 * (app/pages, decision 0017). `npm run lint` runs this after Biome.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-to-another-feature',
      comment:
        'A feature never imports another feature: move what both need to lib/ or components/, or compose the two in app/ (app/pages).',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'feature-outside-lib-components',
      comment:
        'A feature imports only lib/, components/, its own files, @app/protocol and packages (never app/ or styles/).',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/', pathNot: '^apps/web/src/(features|lib|components)/' },
    },
    {
      name: 'shared-to-features-or-app',
      comment: 'components/ and lib/ are below the features: they never import features/ or app/.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
  ],
  options: {
    includeOnly: '^apps/web/src/',
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.css'] },
  },
};
