// The shape check on small trees written here, each with the answer worked
// out by hand: what it must find, and what it must let pass.
'use strict';

const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const { check, codeOnly, expandUse } = require('../check-shape.js');

/** Writes `files` (relative path -> text) into a fresh directory. */
function tree(files) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shape-'));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

const lib = 'pub mod board;\npub mod rules;\npub mod search;\n';

test('a clean tree passes', () => {
  const root = tree({
    'src/lib.rs': lib,
    'src/board/mod.rs': '//! b\nmod point;\npub use point::Point;\npub struct Board;\n',
    'src/board/point.rs': '//! p\npub struct Point;\n',
    'src/rules/mod.rs': '//! r\nuse crate::board::{Board, Point};\npub struct Rules;\n',
    'src/search/mod.rs': '//! s\nuse crate::rules::Rules;\n',
  });
  assert.deepStrictEqual(check(root).problems, []);
});

test('a file over 900 lines is named, in src and in tests', () => {
  const long = '//! x\n' + 'fn f() {}\n'.repeat(900);
  const root = tree({ 'src/lib.rs': lib, 'src/board/mod.rs': long, 'tests/t.rs': long });
  const problems = check(root).problems;
  assert.deepStrictEqual(problems, [
    'src/board/mod.rs: 901 lines, over the limit of 900',
    'tests/t.rs: 901 lines, over the limit of 900',
  ]);
});

test('exactly 900 lines passes', () => {
  const root = tree({ 'src/lib.rs': lib, 'src/board/mod.rs': 'fn f() {}\n'.repeat(900) });
  assert.deepStrictEqual(check(root).problems, []);
});

test('two files importing each other through super are a circle', () => {
  const root = tree({
    'src/lib.rs': lib,
    'src/search/mod.rs': 'mod a;\nmod b;\n',
    'src/search/a.rs': 'use super::b::late;\npub fn wastes() {}\n',
    'src/search/b.rs': 'pub fn late() { super::a::wastes() }\n',
  });
  const problems = check(root).problems;
  assert.strictEqual(problems.length, 1);
  assert.match(problems[0], /^import circle: src\/search\/a\.rs -> src\/search\/b\.rs \(super::b::late\), src\/search\/b\.rs -> src\/search\/a\.rs \(super::a::wastes\)$/);
});

test('a loop of three, written as grouped multi-line uses, is found', () => {
  const root = tree({
    'src/lib.rs': lib,
    'src/search/mod.rs': 'mod a;\nmod b;\nmod c;\n',
    'src/search/a.rs': 'use super::{\n    b::{One, Two as Deux},\n};\n',
    'src/search/b.rs': 'use crate::search::c::X;\npub struct One;\npub struct Two;\n',
    'src/search/c.rs': 'pub struct X;\nfn f() { let _ = crate::search::a::Y; }\n',
  });
  const problems = check(root).problems;
  assert.strictEqual(problems.length, 1);
  assert.match(problems[0], /^import circle: .*a\.rs -> .*b\.rs .*b\.rs -> .*c\.rs .*c\.rs -> .*a\.rs/);
});

test('a facade mod.rs that re-exports its children adds no circle', () => {
  // The child imports the Player trait "from the folder", which the facade
  // re-exports from player.rs: the edge goes to player.rs, not to mod.rs.
  const root = tree({
    'src/lib.rs': lib,
    'src/search/mod.rs': 'mod player;\nmod tree;\npub use player::Player;\npub use tree::Tree;\n',
    'src/search/player.rs': 'pub trait Player {}\n',
    'src/search/tree.rs': 'use super::Player;\npub struct Tree;\n',
  });
  assert.deepStrictEqual(check(root).problems, []);
});

test('an import through a facade is followed to the file that defines it', () => {
  // tree.rs names Player through the facade, but Player lives in
  // player.rs, which imports tree.rs: a circle of two files.
  const root = tree({
    'src/lib.rs': lib,
    'src/search/mod.rs': 'mod player;\nmod tree;\npub use player::Player;\n',
    'src/search/player.rs': 'use super::tree::Tree;\npub trait Player {}\n',
    'src/search/tree.rs': 'use super::Player;\npub struct Tree;\n',
  });
  const problems = check(root).problems;
  assert.strictEqual(problems.length, 1);
  assert.match(problems[0], /^import circle: src\/search\/player\.rs -> src\/search\/tree\.rs \(super::tree::Tree\), src\/search\/tree\.rs -> src\/search\/player\.rs \(super::Player\)$/);
});

test('a mod.rs that defines an item its child uses, and uses the child, is a circle', () => {
  const root = tree({
    'src/lib.rs': lib,
    'src/search/mod.rs': 'mod tree;\nuse tree::Tree;\npub struct Budget;\n',
    'src/search/tree.rs': 'use super::Budget;\npub struct Tree;\n',
  });
  const problems = check(root).problems;
  assert.strictEqual(problems.length, 1);
  assert.match(problems[0], /src\/search\/mod\.rs -> src\/search\/tree\.rs \(tree::Tree\)/);
});

test('paths in comments, strings and raw strings are not imports', () => {
  const root = tree({
    'src/lib.rs': lib,
    'src/search/mod.rs': 'mod a;\nmod b;\n',
    'src/search/a.rs': 'use super::b::X;\n',
    'src/search/b.rs': [
      '// super::a::f() would be a loop',
      '/* and super::a::g() /* nested */ too */',
      'pub struct X;',
      'const S: &str = "super::a::h";',
      'const R: &str = r#"use super::a::i; "quoted""#;',
      "const C: char = '{';",
      'fn f<\'a>(x: &\'a str) -> &\'a str { x }',
      '',
    ].join('\n'),
  });
  assert.deepStrictEqual(check(root).problems, []);
});

test('super inside an inline test module is the file itself', () => {
  const root = tree({
    'src/lib.rs': lib,
    'src/search/mod.rs': 'mod a;\nmod b;\n',
    'src/search/a.rs': 'use super::b::X;\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use super::super::b::X;\n}\n',
    'src/search/b.rs': 'pub struct X;\n',
  });
  assert.deepStrictEqual(check(root).problems, []);
});

test('an upward import between folders is named with the folders allowed', () => {
  const root = tree({
    'src/lib.rs': lib,
    'src/board/mod.rs': 'use crate::rules::Rules;\n',
    'src/rules/mod.rs': 'pub struct Rules;\n',
  });
  const problems = check(root).problems;
  assert.deepStrictEqual(problems, [
    'src/board/mod.rs imports src/rules/mod.rs (crate::rules::Rules): board may import only nothing',
  ]);
});

test('a folder missing from the layers is reported once', () => {
  const root = tree({
    'src/lib.rs': lib + 'pub mod attic;\n',
    'src/attic/mod.rs': 'mod x;\nuse crate::board::Board;\nuse x::Y;\n',
    'src/attic/x.rs': 'pub struct Y;\n',
    'src/board/mod.rs': 'pub struct Board;\n',
  });
  const problems = check(root).problems;
  assert.deepStrictEqual(problems, [
    'src/attic: a folder with no place in the layers (add it to LAYERS in scripts/shape/check-shape.js)',
  ]);
});

test('src/testing may be used from every layer without a circle', () => {
  const root = tree({
    'src/lib.rs': lib + '#[cfg(test)]\nmod testing;\n',
    'src/board/mod.rs': 'pub struct Board;\n#[cfg(test)]\nmod tests {\n    use crate::testing::board;\n}\n',
    'src/testing/mod.rs': 'use crate::board::Board;\npub fn board() -> Board { Board }\n',
  });
  assert.deepStrictEqual(check(root).problems, []);
});

test('expandUse spells out groups, self and aliases', () => {
  assert.deepStrictEqual(expandUse('crate::a::{self as b, c::{D, E as F}, *}'), [
    'crate::a@b', 'crate::a::c::D', 'crate::a::c::E@F', 'crate::a::*',
  ]);
});

test('codeOnly keeps the length and the newlines', () => {
  const text = 'a // c\n"s\\"t" b /* x\ny */ \'z\'\n';
  const code = codeOnly(text);
  assert.strictEqual(code.length, text.length);
  assert.deepStrictEqual(code.split('\n').length, text.split('\n').length);
  assert.match(code, /^a {5}\n {6} b/);
});

test('the script exits 1 and names the problem on stderr', () => {
  const root = tree({
    'src/lib.rs': lib,
    'src/board/mod.rs': 'use crate::rules::Rules;\n',
    'src/rules/mod.rs': 'pub struct Rules;\n',
  });
  const script = path.join(__dirname, '..', 'check-shape.js');
  let failed = null;
  try {
    execFileSync('node', [script, root], { stdio: 'pipe' });
  } catch (e) {
    failed = e;
  }
  assert.ok(failed, 'the check should fail');
  assert.strictEqual(failed.status, 1);
  assert.match(failed.stderr.toString(), /^check-shape: src\/board\/mod\.rs imports src\/rules\/mod\.rs/);
});
