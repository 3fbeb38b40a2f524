// A local ESLint rule: files inside one folder of a "siblings" root (a server module, a web
// feature) may not import from another folder of the same root. Relative specifiers are resolved
// against the importing file, so the rule holds at any depth ('../x', '../../modules/x', ...).
import path from 'node:path';

/** Which sibling folder of `root` a path lies in, or null when outside every sibling. */
function siblingOf(root, file) {
  const rel = path.relative(root, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [first, ...rest] = rel.split(path.sep);
  return rest.length === 0 ? null : first; // a file directly in root (e.g. index.ts) is no sibling
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Sibling folders (server modules, web features) never import each other.' },
    schema: [
      {
        type: 'object',
        properties: {
          roots: { type: 'array', items: { type: 'string' } },
          message: { type: 'string' },
        },
        required: ['roots'],
        additionalProperties: false,
      },
    ],
    messages: { sibling: '{{from}} imports {{to}}: {{why}}' },
  },
  create(context) {
    const { roots, message } = context.options[0];
    const cwd = context.cwd;
    const file = context.filename;
    const owner = roots
      .map((r) => path.resolve(cwd, r))
      .map((root) => ({ root, sibling: siblingOf(root, file) }))
      .find((o) => o.sibling !== null);
    if (!owner) return {};
    function check(node) {
      const spec = node.source && node.source.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = siblingOf(owner.root, path.resolve(path.dirname(file), spec));
      if (target === null || target === owner.sibling) return;
      context.report({
        node: node.source,
        messageId: 'sibling',
        data: {
          from: owner.sibling,
          to: target,
          why: message ?? 'siblings never import each other; share through a layer below them.',
        },
      });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const rollbookPlugin = { rules: { 'sibling-borders': rule } };

/** The flat-config blocks that enforce the borders of the server's modules and the web's features. */
export const moduleBorderConfigs = [
  {
    files: ['apps/server/src/modules/**/*.ts'],
    plugins: { rollbook: rollbookPlugin },
    rules: {
      'rollbook/sibling-borders': [
        'error',
        {
          roots: ['apps/server/src/modules'],
          message:
            'server modules are siblings: move what both need to domain/ (or lib/, db/) and import it from there.',
        },
      ],
    },
  },
];
