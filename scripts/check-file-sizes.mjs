// No source file over 400 lines (STYLE.md: a file past ~300 lines is asking to be split), tests and
// translation tables aside. Part of `npm run lint` and of the lint stage of `npm test`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX_LINES = 400;
const SOURCE = /\.(ts|tsx|mjs|cjs|js)$/;
const EXEMPT = [
  /\.(test|spec)\.tsx?$/,
  /\.bench\.mjs$/,
  // Translation tables: one line per message, nothing to split along.
  /^web\/src\/i18n\/locales\//,
];
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => SOURCE.test(file) && !EXEMPT.some((pattern) => pattern.test(file)));

const tooLong = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the work tree, still in the index
  }
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_LINES) tooLong.push(`${file}: ${lines} lines`);
}

if (tooLong.length) {
  console.error(`Source files over ${MAX_LINES} lines: split them along their seams.\n  ${tooLong.join('\n  ')}`);
  process.exit(1);
}
console.log(`${files.length} source files, none over ${MAX_LINES} lines.`);
