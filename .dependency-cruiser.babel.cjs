// Babel only strips TypeScript's types for dependency-cruiser (see .dependency-cruiser.cjs). A
// type-only import is a dependency too, so it is turned into a plain one before the types go.
const keepTypeImports = () => ({
  visitor: {
    Program(path) {
      for (const statement of path.node.body) {
        if (statement.type === 'ImportDeclaration' || statement.type === 'ExportNamedDeclaration') {
          if (statement.importKind === 'type') statement.importKind = 'value';
          if (statement.exportKind === 'type' && statement.source) statement.exportKind = 'value';
          for (const specifier of statement.specifiers ?? []) {
            if (specifier.importKind === 'type') specifier.importKind = 'value';
            if (specifier.exportKind === 'type') specifier.exportKind = 'value';
          }
        }
      }
    },
  },
});

module.exports = {
  plugins: [keepTypeImports],
  presets: [['@babel/preset-typescript', { onlyRemoveTypeImports: true }]],
};
