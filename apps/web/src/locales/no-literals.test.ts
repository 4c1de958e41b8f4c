import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No Chinese text sits in the code (docs/i18n.md): every string a user reads comes from the locale files, so it
 * exists in all five languages. Comments are fine; string literals, template text and JSX text are not.
 */
const ROOT = join(import.meta.dirname, '..');
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Places where Chinese is data, not UI text; each says why. */
const EXEMPT: Record<string, string> = {
  'lib/locale.ts': 'each language named in itself for the pickers (简体中文, 繁體中文)',
  'lib/common-store.ts': "the product's name, shown until settings name the assistant",
  'features/auth/pages/login-page.tsx': "reads the wait out of the server's Chinese msg (请N秒后再试)",
  'admin/pages/review/reasons.ts':
    'the rejection reasons as the author receives them in the notice (the operator reads them translated)',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'locales' || name === 'test' ? [] : sourceFiles(full);
    if (!/\.tsx?$/.test(name) || /\.(test|fixtures)\.tsx?$/.test(name) || name === 'test-i18n.ts') return [];
    return [full];
  });
}

function chineseLiterals(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteralLike(node) ||
      ts.isJsxText(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isRegularExpressionLiteral(node)
    ) {
      const value = node.getText(source);
      if (HAN.test(value)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push(`${line + 1}: ${value.trim().slice(0, 40)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('UI text lives in the locale files', () => {
  const files = sourceFiles(ROOT).map((file) => relative(ROOT, file));

  it('no component or module holds a Chinese literal', () => {
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .filter((file) => !(file in EXEMPT))
      .map((file) => ({ file, literals: chineseLiterals(join(ROOT, file)) }))
      .filter((entry) => entry.literals.length > 0);
    expect(offenders).toEqual([]);
  });

  it('each exemption is still needed', () => {
    for (const file of Object.keys(EXEMPT)) {
      expect(chineseLiterals(join(ROOT, file)), file).not.toEqual([]);
    }
  });
});
