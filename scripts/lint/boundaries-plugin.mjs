// A local ESLint plugin: `rollbook/no-cross-imports` keeps the folders of one root apart.
import path from 'node:path';

/**
 * Each folder directly under `root` (a web feature, a server module) may import only from itself
 * and from outside `root`: never from a sibling folder, nor from `root` itself (a barrel
 * re-exporting every sibling). Relative specifiers are resolved against the importing file, so
 * every depth and spelling (`../b`, `../../features/b/x`, `..`) is caught; files directly in
 * `root` (the barrel) are free.
 *
 * Options: `{ root: 'apps/web/src/features', message: 'Features never import each other.' }`,
 * `root` relative to ESLint's working directory (the repository root).
 *
 * @type {import('eslint').Rule.RuleModule}
 */
const noCrossImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Folders under a root never import each other' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, message: { type: 'string' } },
        required: ['root', 'message'],
        additionalProperties: false,
      },
    ],
    messages: { cross: '{{message}} ({{own}} imports {{other}})' },
  },
  create(context) {
    const { root, message } = context.options[0];
    const rootDir = path.resolve(context.cwd, root);
    const file = context.filename;
    const inRoot = path.relative(rootDir, file);
    const parts = inRoot.split(path.sep);
    // Outside the root, or a file directly in it: nothing to keep apart.
    if (inRoot.startsWith('..') || path.isAbsolute(inRoot) || parts.length < 2) return {};
    const own = parts[0];

    /** @param {import('estree').Node} node @param {unknown} specifier */
    function check(node, specifier) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.relative(rootDir, path.resolve(path.dirname(file), specifier));
      if (target.startsWith('..') || path.isAbsolute(target)) return;
      const other = target.split(path.sep)[0];
      if (other === own) return;
      context.report({
        node,
        messageId: 'cross',
        data: { message, own, other: other === '' ? `${root} itself` : other },
      });
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { meta: { name: 'rollbook' }, rules: { 'no-cross-imports': noCrossImports } };
