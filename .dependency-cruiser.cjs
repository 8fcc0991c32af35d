/**
 * The house's boundaries, checked by `pnpm test` (static step): apps do not import each other (the composition
 * in apps/platform is the one place allowed to join api and ingest), packages are leaves that depend on nothing of
 * ours but contracts, production code carries no test support, a web feature does not import another feature's
 * components, and there are no import cycles. A deliberate exception is written in docs/architecture.md.
 */
const TEST_CODE =
  '(\\.test\\.tsx?$|\\.spec\\.ts$|\\.test-kit\\.tsx?$|\\.fixtures\\.tsx?$|/testing/|/test/|^e2e/|/e2e/)';

module.exports = {
  forbidden: [
    {
      name: 'no-app-imports-app',
      comment: 'An app imports only packages; code two apps need lives in a package named for what it is.',
      severity: 'error',
      from: { path: '^apps/(api|ingest|web)/' },
      to: { path: '^apps/([^/]+)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'packages-are-leaves',
      comment: 'A package depends on nothing of ours but @waymark/contracts (and its own files).',
      severity: 'error',
      from: { path: '^packages/([^/]+)/' },
      to: { path: '^(apps|bench|packages)/', pathNot: ['^packages/$1/', '^packages/contracts/'] },
    },
    {
      name: 'contracts-import-nothing-of-ours',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^(apps|bench|packages)/', pathNot: '^packages/contracts/' },
    },
    {
      name: 'no-test-support-in-production',
      comment: 'Production code imports neither vitest/playwright nor test support (testing/, test/, *.test-kit.ts).',
      severity: 'error',
      from: { path: '^(apps|packages)/', pathNot: TEST_CODE },
      to: {
        path: [`${TEST_CODE}`, '(^|/)node_modules/(vitest|@vitest|@playwright|playwright|happy-dom|@testing-library)/'],
      },
    },
    {
      name: 'no-feature-imports-another-features-components',
      comment: 'Components used by several features live in apps/web/src/components.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/components/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['(^|/)node_modules/', '/dist/', '/generated/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
