// The page's linter (npm run lint): eslint's recommended rules and a few that catch mistakes
// (a shadowed name, == for ===, a global made by accident). Layout is left to review: eslint's
// own layout rules are deprecated, and js/ is not reformatted by a tool.
import js from "@eslint/js";
import globals from "globals";

// (.cache/ holds the axe-core that tests/axe.py packs for the accessibility tests: not ours)
export default [
  { ignores: ["sorry_widget/widget/widget.js", "node_modules/", "docs/", "build/", "dist/",
    ".venv/", ".venv-lite/", ".cache/"] },
  js.configs.recommended,
  {
    files: ["js/**/*.js", "sorry_widget/widget/page.js"],
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: globals.browser },
    rules: {
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
      "no-var": "error",
      "prefer-const": ["error", { destructuring: "all" }],
      eqeqeq: ["error", "always"],
      "no-implicit-globals": "error",
      "no-shadow": ["error", { builtinGlobals: false }],
      "no-use-before-define": ["error", { functions: false, classes: false, variables: false }],
      "no-eval": "error",
      "no-new-func": "error",
      "no-implied-eval": "error",
      "no-console": "error",
    },
  },
  {
    files: ["js/test/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: globals.node },
  },
];
