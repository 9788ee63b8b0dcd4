import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { literalTexts, tsxFiles } from './literal-texts.ts';

/**
 * Issue 23: every text a player reads comes from the locale files (src/i18n/locales, in English, Russian
 * and Armenian). No JSX text and no visible prop (aria-label, placeholder, title, alt, label, …) in src/
 * may be a literal.
 */
const SRC = path.join(import.meta.dirname, '../../src');
const literalsOf = (file: string) => literalTexts(fs.readFileSync(path.join(SRC, file), 'utf8'), file);

describe('player texts live in the locale files', () => {
  it('no file writes a player text in its markup', () => {
    const offenders = tsxFiles(SRC)
      .map((file) => [file, literalsOf(file)] as const)
      .filter(([, texts]) => texts.length > 0);
    expect(offenders).toEqual([]);
  });

  it('finds the texts it is for, and leaves keys and code alone', () => {
    const source = `export const A = () => (
      <section aria-label="Main" title={'Hello'}>
        <h1>Profile</h1>
        <p>{t('profile.title')}</p>
        <img alt="" src="/x.png" />
        <i className="icon" data-testid="wins">{count} · 42</i>
        <Field label={\`Nickname\`} placeholder={t('x')} />
      </section>
    );`;
    expect(literalTexts(source)).toEqual(['aria-label="Main"', 'title="Hello"', 'Profile', 'label="Nickname"']);
  });
});
