// ESLint rule: imports between Nx projects must respect the projects' tags.
// Reads every project.json (name, root, tags) and the workspace path aliases, resolves each
// import to the project it lands in, and checks the dependency constraints below.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const workspaceRoot = path.resolve(__dirname, '../..');

/**
 * sourceTag -> rule. onlyDependOn: every tag list entry must be present on the target.
 * exceptInTests: the rule does not apply to the project's test files.
 */
const DEP_CONSTRAINTS = [
  { sourceTag: 'type:app', onlyDependOnTags: ['type:lib'] },
  { sourceTag: 'type:tool', onlyDependOnTags: ['type:lib'] },
  { sourceTag: 'type:lib', onlyDependOnTags: ['type:lib'] },
  // Apps serve the store; the simulator only feeds it (tools, and app tests through fixtures).
  { sourceTag: 'type:app', notDependOnTags: ['scope:simulator'], exceptInTests: true },
  { sourceTag: 'scope:contracts', notDependOnTags: ['type:lib'] },
  { sourceTag: 'scope:domain', notDependOnTags: ['scope:http', 'scope:testing', 'scope:simulator'] },
  { sourceTag: 'scope:http', notDependOnTags: ['scope:testing', 'scope:simulator'] },
  { sourceTag: 'scope:simulator', notDependOnTags: ['scope:http', 'scope:testing'] },
];

function loadProjects() {
  const projects = [];
  const visit = (dir, depth) => {
    if (depth > 2) return;
    const file = path.join(dir, 'project.json');
    if (fs.existsSync(file)) {
      const json = JSON.parse(fs.readFileSync(file, 'utf8'));
      projects.push({ name: json.name, root: dir + path.sep, tags: json.tags ?? [] });
    }
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && !['node_modules', 'dist', 'src', '.git', '.nx'].includes(entry.name)) {
        visit(path.join(dir, entry.name), depth + 1);
      }
    }
  };
  for (const top of ['apps', 'libs', 'tools']) {
    const dir = path.join(workspaceRoot, top);
    if (fs.existsSync(dir)) visit(dir, 0);
  }
  return projects.sort((a, b) => b.root.length - a.root.length);
}

function loadAliases() {
  const tsconfig = JSON.parse(fs.readFileSync(path.join(workspaceRoot, 'tsconfig.base.json'), 'utf8'));
  const aliases = new Map();
  for (const [alias, targets] of Object.entries(tsconfig.compilerOptions.paths ?? {})) {
    aliases.set(alias, path.resolve(workspaceRoot, targets[0]));
  }
  return aliases;
}

let cache;
function workspace() {
  cache ??= { projects: loadProjects(), aliases: loadAliases() };
  return cache;
}

function projectOf(file) {
  return workspace().projects.find((p) => file.startsWith(p.root));
}

const TEST_FILE = /\.(spec|integration-spec|e2e-spec)\.ts$/;

function violation(source, target, file) {
  // Tests of any project may use the shared test harness.
  if (TEST_FILE.test(file) && target.tags.includes('scope:testing')) return undefined;
  for (const c of DEP_CONSTRAINTS) {
    if (!source.tags.includes(c.sourceTag)) continue;
    if (c.exceptInTests && TEST_FILE.test(file)) continue;
    if (c.onlyDependOnTags && !c.onlyDependOnTags.every((t) => target.tags.includes(t))) {
      return `projects tagged "${c.sourceTag}" may only import projects tagged ${c.onlyDependOnTags.map((t) => `"${t}"`).join(', ')}`;
    }
    const banned = (c.notDependOnTags ?? []).find((t) => target.tags.includes(t));
    if (banned) return `projects tagged "${c.sourceTag}" may not import projects tagged "${banned}"`;
  }
  return undefined;
}

module.exports = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the dependency rules between tagged Nx projects' },
    schema: [],
    messages: {
      forbidden: 'Import of project "{{target}}" from "{{source}}" is forbidden: {{reason}}.',
      relative: 'Import of project "{{target}}" through a relative path; use its workspace alias.',
    },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const source = projectOf(file);
    if (!source) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      let resolved;
      if (spec.startsWith('.')) resolved = path.resolve(path.dirname(file), spec);
      else if (workspace().aliases.has(spec)) resolved = workspace().aliases.get(spec);
      else return;
      const target = projectOf(resolved);
      if (!target || target.name === source.name) return;
      if (spec.startsWith('.')) {
        context.report({ node, messageId: 'relative', data: { target: target.name } });
        return;
      }
      const reason = violation(source, target, file);
      if (reason)
        context.report({
          node,
          messageId: 'forbidden',
          data: { target: target.name, source: source.name, reason },
        });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
