#!/usr/bin/env node
// The shape of the house, checked: no Rust file over the line limit, no two
// modules of the library importing each other directly or around a loop, and
// no folder importing a folder above it in LAYERS. See scripts/check-shape.sh.
'use strict';

const fs = require('fs');
const path = require('path');

const MAX_LINES = 900;

// The folders of src/ from the bottom up: a folder may import only the
// folders listed for it (and itself). A new folder must be placed here
// before the check passes, so that its place in the layers is a decision.
const LAYERS = {
  board: [],
  cpu: [],
  rules: ['board'],
  tactics: ['board', 'rules'],
  nn: ['board', 'rules', 'tactics'],
  playout: ['board', 'rules', 'tactics'],
  model: ['board', 'rules', 'tactics'],
  train: ['board', 'rules', 'tactics', 'model', 'sgf'],
  search: ['board', 'rules', 'tactics', 'playout', 'model', 'nn', 'cpu'],
  sgf: ['board', 'rules'],
  review: ['board', 'rules', 'tactics', 'search', 'sgf'],
  gtp: ['board', 'rules', 'tactics', 'playout', 'model', 'nn', 'search', 'sgf', 'cpu'],
  cli: ['board', 'rules', 'tactics', 'playout', 'model', 'train', 'nn', 'search', 'sgf',
    'review', 'gtp', 'cpu'],
  // Test support, compiled only under cfg(test): it may read every layer.
  testing: ['board', 'rules', 'tactics', 'playout', 'model', 'train', 'nn', 'search', 'sgf',
    'review', 'gtp', 'cli', 'cpu'],
};

/** Every `.rs` file under `dir`, as paths relative to `root`. */
function rustFiles(root, dir) {
  const out = [];
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return out;
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...rustFiles(root, rel));
    else if (entry.name.endsWith('.rs')) out.push(rel);
  }
  return out.sort();
}

/**
 * The text with comments, string and char literals blanked (same length,
 * newlines kept), so that paths and braces are read from code only.
 */
function codeOnly(text) {
  let out = '';
  let i = 0;
  const n = text.length;
  const blank = (s) => s.replace(/[^\n]/g, ' ');
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      let j = text.indexOf('\n', i);
      if (j < 0) j = n;
      out += blank(text.slice(i, j));
      i = j;
    } else if (c === '/' && next === '*') {
      let depth = 1;
      let j = i + 2;
      while (j < n && depth > 0) {
        if (text[j] === '/' && text[j + 1] === '*') { depth++; j += 2; } else if (text[j] === '*' && text[j + 1] === '/') { depth--; j += 2; } else j++;
      }
      out += blank(text.slice(i, j));
      i = j;
    } else if ((c === 'r' || (c === 'b' && next === 'r')) && /^r#*"/.test(text.slice(c === 'b' ? i + 1 : i, i + 40)) && !/[A-Za-z0-9_]/.test(text[i - 1] || '')) {
      const start = c === 'b' ? i + 1 : i;
      const hashes = /^r(#*)"/.exec(text.slice(start))[1];
      const close = '"' + hashes;
      let j = text.indexOf(close, start + 2 + hashes.length);
      j = j < 0 ? n : j + close.length;
      out += blank(text.slice(i, j));
      i = j;
    } else if (c === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += blank(text.slice(i, j + 1));
      i = j + 1;
    } else if (c === "'") {
      // A char literal ('x', '\n', '\u{..}') or a lifetime ('a).
      const m = /^'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'/.exec(text.slice(i, i + 12));
      if (m) {
        out += blank(m[0]);
        i += m[0].length;
      } else {
        out += c;
        i++;
      }
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/**
 * Expands a `use` tree (`a::{b, c::{d as e}}`) into its full paths, each
 * with its alias after an `@` (`a::b`, `a::c::d@e`).
 */
function expandUse(tree) {
  // `x as y` is kept as `x@y`: the path, then the name it is known by.
  tree = tree.replace(/\s+as\s+/g, '@').replace(/\s+/g, '');
  const brace = tree.indexOf('{');
  if (brace < 0) return [tree];
  const prefix = tree.slice(0, brace);
  const inner = tree.slice(brace + 1, tree.lastIndexOf('}'));
  const parts = [];
  let depth = 0;
  let cur = '';
  for (const ch of inner) {
    if (ch === '{') depth++;
    if (ch === '}') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (cur) parts.push(cur);
  const out = [];
  for (const p of parts) {
    for (const q of expandUse(p)) {
      const [name, alias] = q.split('@');
      const full = name === 'self' ? prefix.replace(/::$/, '') : prefix + name;
      out.push(alias ? `${full}@${alias}` : full);
    }
  }
  return out;
}

/** The module path of a file of the library (`src/a/b.rs` -> `a::b`). */
function modulePathOf(file) {
  const rel = path.relative('src', file).replace(/\.rs$/, '');
  const parts = rel.split(path.sep);
  if (parts[parts.length - 1] === 'mod') parts.pop();
  if (parts.length === 1 && parts[0] === 'lib') return [];
  return parts;
}

function analyse(root) {
  const files = rustFiles(root, 'src').filter((f) => f !== path.join('src', 'main.rs'));
  // Module path (joined by ::) -> { file, children:Set, reexports: Map name -> full path }
  const modules = new Map();
  const fileModules = new Map(); // file -> list of module records declared in it
  const codes = new Map();
  for (const file of files) {
    const code = codeOnly(fs.readFileSync(path.join(root, file), 'utf8'));
    codes.set(file, code);
    const mp = modulePathOf(file).join('::');
    modules.set(mp, { file, path: modulePathOf(file), children: new Set(), reexports: new Map() });
  }
  // Inline modules (`mod tests { ... }`) belong to their file: record their
  // paths so that `super::` inside them resolves to the file's own module.
  const uses = []; // { file, modPath, path: string[], pub }
  for (const file of files) {
    const code = codes.get(file);
    const base = modulePathOf(file);
    // Walk braces, keeping a stack of inline modules.
    const stack = []; // { name, depth }
    let depth = 0;
    const modAt = () => base.concat(stack.map((s) => s.name));
    const tokenRe = /(\bmod\s+([A-Za-z_]\w*)\s*([;{]))|(\b(pub(\s*\([^)]*\))?\s+)?use\s+([^;]+);)|([{}])|(\b(crate|super|self|[a-z_][a-z0-9_]*)(::[A-Za-z_]\w*)+)/g;
    let m;
    while ((m = tokenRe.exec(code))) {
      if (m[1]) {
        const name = m[2];
        const here = modAt();
        const key = here.join('::');
        if (modules.has(key)) modules.get(key).children.add(name);
        else {
          // An inline module's own child: record it as a module of this file.
          modules.set(key, { file, path: here, children: new Set([name]), reexports: new Map() });
        }
        if (m[3] === '{') {
          depth++;
          stack.push({ name, depth });
          const inner = here.concat([name]).join('::');
          if (!modules.has(inner)) modules.set(inner, { file, path: here.concat([name]), children: new Set(), reexports: new Map() });
        }
      } else if (m[4]) {
        const isPub = Boolean(m[5]);
        for (const p of expandUse(m[7])) uses.push({ file, modPath: modAt(), path: p, pub: isPub, kind: 'use' });
      } else if (m[8]) {
        if (m[8] === '{') depth++;
        else {
          if (stack.length && stack[stack.length - 1].depth === depth) stack.pop();
          depth--;
        }
      } else if (m[9]) {
        // An inline path: crate::a::b(...), super::x, child::y.
        const text = m[9];
        const prev = code[m.index - 1] || '';
        if (prev === ':' || /[A-Za-z0-9_]/.test(prev)) continue;
        uses.push({ file, modPath: modAt(), path: text, pub: false, kind: 'inline' });
      }
    }
  }
  return { files, modules, uses, codes };
}

/** Resolves a path written in module `here` to absolute segments, or null if external. */
function absolute(pathText, here, modules) {
  const segs = pathText.split('::').filter(Boolean);
  if (!segs.length) return null;
  let cur;
  let i = 0;
  if (segs[0] === 'crate') {
    cur = [];
    i = 1;
  } else if (segs[0] === 'super' || segs[0] === 'self') {
    cur = here.slice();
    while (i < segs.length && (segs[i] === 'super' || segs[i] === 'self')) {
      if (segs[i] === 'super') cur.pop();
      i++;
    }
  } else {
    const mod = modules.get(here.join('::'));
    if (mod && mod.children.has(segs[0])) cur = here.slice();
    else return null; // std, an external crate, a local type or enum
  }
  return cur.concat(segs.slice(i));
}

/**
 * The file a path's item is defined in: the longest module prefix, followed
 * through that module's `pub use` re-exports of the next name.
 */
function definingFile(abs, modules, seen = new Set()) {
  let k = abs.length;
  while (k >= 0 && !modules.has(abs.slice(0, k).join('::'))) k--;
  if (k < 0) return null;
  const mod = modules.get(abs.slice(0, k).join('::'));
  const next = abs[k];
  if (next !== undefined && next !== '*' && mod.reexports.has(next)) {
    const target = mod.reexports.get(next).concat(abs.slice(k + 1));
    const key = target.join('::');
    if (!seen.has(key)) {
      seen.add(key);
      return definingFile(target, modules, seen);
    }
  }
  return mod.file;
}

const isTesting = (file) => file.startsWith(path.join('src', 'testing') + path.sep);

function check(root) {
  const problems = [];
  // 1. Long files, library and tests alike.
  for (const dir of ['src', 'tests', 'benches']) {
    for (const file of rustFiles(root, dir)) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
      if (lines > MAX_LINES) problems.push(`${file}: ${lines} lines, over the limit of ${MAX_LINES}`);
    }
  }

  // 2. The import graph of the library, file by file.
  const { modules, uses } = analyse(root);
  for (const u of uses) {
    if (!u.pub) continue;
    const [written, alias] = u.path.split('@');
    const abs = absolute(written, u.modPath, modules);
    if (!abs || abs[abs.length - 1] === '*') continue;
    const mod = modules.get(u.modPath.join('::'));
    if (mod) mod.reexports.set(alias || abs[abs.length - 1], abs);
  }
  const edges = new Map(); // file -> Map(file -> example path)
  for (const u of uses) {
    // A re-export is what a folder offers, not what its own code needs.
    if (u.pub) continue;
    const abs = absolute(u.path.split('@')[0], u.modPath, modules);
    if (!abs) continue;
    const to = definingFile(abs, modules);
    if (!to || to === u.file) continue;
    // src/testing is test support compiled only under cfg(test), below the
    // tests of every layer as a dev-dependency would be: using it is not an
    // import of the library.
    if (isTesting(to) && !isTesting(u.file)) continue;
    if (!edges.has(u.file)) edges.set(u.file, new Map());
    if (!edges.get(u.file).has(to)) edges.get(u.file).set(to, u.path.split('@')[0]);
  }

  // Circles: strongly connected components of more than one file (Tarjan).
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  let counter = 0;
  const sccs = [];
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])])].sort();
  function strong(v) {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of [...(edges.get(v) || new Map()).keys()].sort()) {
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) sccs.push(comp.sort());
    }
  }
  for (const v of nodes) if (!index.has(v)) strong(v);
  for (const comp of sccs) {
    problems.push(`import circle: ${describeLoop(comp, edges)}`);
  }

  // 3. Layers: a folder of src/ imports only the folders below it.
  const folderOf = (file) => {
    const parts = path.relative('src', file).split(path.sep);
    return parts.length > 1 ? parts[0] : parts[0].replace(/\.rs$/, '');
  };
  const reported = new Set();
  for (const [from, tos] of edges) {
    const a = folderOf(from);
    if (a === 'lib') continue;
    if (!(a in LAYERS)) {
      if (!reported.has(a)) problems.push(`src/${a}: a folder with no place in the layers (add it to LAYERS in scripts/shape/check-shape.js)`);
      reported.add(a);
      continue;
    }
    for (const [to, via] of tos) {
      const b = folderOf(to);
      if (a === b || b === 'lib') continue;
      if (!LAYERS[a].includes(b)) problems.push(`${from} imports ${to} (${via}): ${a} may import only ${LAYERS[a].join(', ') || 'nothing'}`);
    }
  }
  return { problems, edges };
}

/** One loop through a strongly connected component, as `a -> b -> a`, with the paths. */
function describeLoop(comp, edges) {
  const inComp = new Set(comp);
  const start = comp[0];
  // Breadth-first from start back to start inside the component.
  const prev = new Map();
  const queue = [start];
  const seen = new Set([start]);
  let end = null;
  while (queue.length && !end) {
    const v = queue.shift();
    for (const w of [...(edges.get(v) || new Map()).keys()].sort()) {
      if (!inComp.has(w)) continue;
      if (w === start) {
        end = v;
        break;
      }
      if (!seen.has(w)) {
        seen.add(w);
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  const loop = [];
  for (let v = end; v !== undefined && v !== null; v = prev.get(v)) {
    loop.unshift(v);
    if (v === start) break;
  }
  loop.push(start);
  const steps = [];
  for (let i = 0; i + 1 < loop.length; i++) steps.push(`${loop[i]} -> ${loop[i + 1]} (${edges.get(loop[i]).get(loop[i + 1])})`);
  const more = comp.length > loop.length - 1 ? `; all in the circle: ${comp.join(', ')}` : '';
  return steps.join(', ') + more;
}

if (require.main === module) {
  const root = process.argv.slice(2).find((a) => !a.startsWith('--')) || path.join(__dirname, '..', '..');
  const { problems, edges } = check(root);
  if (process.argv.includes('--edges')) {
    for (const [from, tos] of [...edges].sort()) for (const [to, via] of tos) console.log(`${from} -> ${to} (${via})`);
  }
  if (problems.length) {
    for (const p of problems) console.error(`check-shape: ${p}`);
    process.exit(1);
  }
  console.log('check-shape: no file over 900 lines, no import circle, every import goes down the layers');
}

module.exports = { check, codeOnly, expandUse };
