import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Props whose string a player reads (or hears, from a screen reader): they belong in the locale files. */
const VISIBLE_PROPS = new Set(['aria-label', 'placeholder', 'title', 'alt', 'label', 'subtitle', 'text', 'header', 'footer', 'description']);
const LETTER = /\p{L}/u;

/** The texts written into a TSX file's markup: JSX text with a letter, and literal visible props. */
export function literalTexts(source: string, fileName = 'file.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const literal = (node: ts.Node | undefined): string | null =>
    node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && LETTER.test(node.text) ? node.text : null;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTER.test(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && VISIBLE_PROPS.has(node.name.getText(file))) {
      const value = node.initializer;
      const text = value && ts.isJsxExpression(value) ? literal(value.expression) : literal(value);
      if (text) found.push(`${node.name.getText(file)}="${text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every .tsx file under `root`, relative to it, with forward slashes. */
export function tsxFiles(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.tsx'))
    .map((name) => name.split(path.sep).join('/'))
    .sort();
}
